import { formatTimestamp, parseTimestamp } from "./timestamp.js";
import { hex } from "./sha2.js";
import { hash } from "./transport.js";
/** Keeps everything in memory (nothing survives the process or the page). */
export function memoryStorage(initial = {}) {
    const items = new Map(Object.entries(initial));
    return {
        async getItem(key) {
            return items.get(key) ?? null;
        },
        async setItem(key, value) {
            items.set(key, value);
        },
    };
}
/** The storage key of a document's cached copy. */
export function documentKey(url) {
    return "herald:document:" + hash(url);
}
/** The storage key of a user's seen list (any string is a valid user id). */
export function seenKey(user) {
    return "herald:seen:" + hash(user);
}
/**
 * The first line of a cached document as this version keeps it: the line, its validators as JSON on
 * the second, and the body as it came after them, unescaped (escaping a 5 MB body into JSON took a
 * fifth of a first decision).
 */
const documentHeader = "herald-document 1\n";
/** Reads a cached document (as this version or an earlier one kept it); a damaged entry counts as none. */
export async function readCached(storage, url) {
    try {
        const text = await storage.getItem(documentKey(url));
        if (text === null)
            return null;
        if (text.startsWith(documentHeader)) {
            const end = text.indexOf("\n", documentHeader.length);
            if (end < 0)
                return null;
            const validators = JSON.parse(text.slice(documentHeader.length, end));
            return {
                body: text.slice(end + 1),
                etag: typeof validators.etag === "string" ? validators.etag : null,
                lastModified: typeof validators.lastModified === "string" ? validators.lastModified : null,
            };
        }
        const value = JSON.parse(text);
        return typeof value.body === "string" ? value : null;
    }
    catch {
        return null;
    }
}
/** Keeps a document; a failure to write only costs a download later. */
export async function writeCached(storage, url, document) {
    const validators = JSON.stringify({ etag: document.etag, lastModified: document.lastModified });
    try {
        await storage.setItem(documentKey(url), documentHeader + validators + "\n" + document.body);
    }
    catch {
        // Storage full or unavailable: the next launch fetches again.
    }
}
/**
 * When each id a user has seen was marked: `{"id": "2026-11-30T12:00:00Z"}` (a reminder counts
 * from it). A list of ids, as earlier versions kept, is read as marked `now`, and kept so.
 */
export async function readSeenMarks(storage, user, now) {
    let value;
    try {
        const text = await storage.getItem(seenKey(user));
        value = text === null ? {} : JSON.parse(text);
    }
    catch {
        return new Map();
    }
    const marks = new Map();
    if (Array.isArray(value)) {
        for (const id of value)
            if (typeof id === "string")
                marks.set(id, now);
        await writeMarks(storage, user, marks);
    }
    else if (value !== null && typeof value === "object") {
        for (const [id, time] of Object.entries(value)) {
            const parsed = typeof time === "string" ? parseTimestamp(time) : undefined;
            marks.set(id, parsed ?? now);
        }
    }
    return marks;
}
/** Marks ids seen by a user at a time, replacing an earlier mark's time. */
export async function addSeen(storage, user, ids, now) {
    const marks = await readSeenMarks(storage, user, now);
    for (const id of ids)
        marks.set(id, now);
    await writeMarks(storage, user, marks);
}
async function writeMarks(storage, user, marks) {
    const sorted = [...marks.keys()].sort();
    const value = {};
    for (const id of sorted) {
        const time = marks.get(id);
        if (time)
            value[id] = formatTimestamp(time);
    }
    try {
        await storage.setItem(seenKey(user), JSON.stringify(value));
    }
    catch {
        // The mark is lost with the storage; the message may show once more.
    }
}
/** The storage key of the install's own id. */
export const installKey = "herald:install";
/**
 * The install's own id, made once and kept: with no signed-in user it is the stable id a
 * rollout's buckets are taken from. If it cannot be kept, a new one is made each time (a user
 * with no storage may then move in and out of a partial rollout; a full one reaches them).
 */
export async function installId(storage) {
    try {
        const kept = await storage.getItem(installKey);
        if (kept !== null && kept !== "")
            return kept;
    }
    catch {
        // Unreadable storage: make one below.
    }
    const bytes = new Uint8Array(16);
    const random = globalThis.crypto;
    if (random?.getRandomValues)
        random.getRandomValues(bytes);
    else
        for (let index = 0; index < bytes.length; index += 1)
            bytes[index] = Math.floor(Math.random() * 256);
    const id = hex(bytes);
    try {
        await storage.setItem(installKey, id);
    }
    catch {
        // Kept for this process only.
    }
    return id;
}
