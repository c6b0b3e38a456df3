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
/** Reads a cached document; a damaged entry counts as none. */
export async function readCached(storage, url) {
    try {
        const text = await storage.getItem(documentKey(url));
        if (text === null)
            return null;
        const value = JSON.parse(text);
        return typeof value.body === "string" ? value : null;
    }
    catch {
        return null;
    }
}
/** Keeps a document; a failure to write only costs a download later. */
export async function writeCached(storage, url, document) {
    try {
        await storage.setItem(documentKey(url), JSON.stringify(document));
    }
    catch {
        // Storage full or unavailable: the next launch fetches again.
    }
}
/** The ids a user has seen. */
export async function readSeen(storage, user) {
    try {
        const text = await storage.getItem(seenKey(user));
        const ids = text === null ? [] : JSON.parse(text);
        return new Set(Array.isArray(ids) ? ids.filter((id) => typeof id === "string") : []);
    }
    catch {
        return new Set();
    }
}
/** Adds ids to a user's seen list. */
export async function addSeen(storage, user, ids) {
    const seen = await readSeen(storage, user);
    for (const id of ids)
        seen.add(id);
    try {
        await storage.setItem(seenKey(user), JSON.stringify([...seen].sort()));
    }
    catch {
        // The mark is lost with the storage; the message may show once more.
    }
}
