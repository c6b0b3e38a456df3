import { formatTimestamp, parseTimestamp, Timestamp } from "./timestamp.js";
import { hex } from "./sha2.js";
import { hash } from "./transport.js";

/**
 * Where the client keeps documents and seen lists: the shape of React Native's AsyncStorage, so it
 * can be passed as it is; `memoryStorage()` here, `fileStorage()` in "@herald/client/node".
 */
export interface StorageAdapter {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
}

/** Keeps everything in memory (nothing survives the process or the page). */
export function memoryStorage(initial: Readonly<Record<string, string>> = {}): StorageAdapter {
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

/** A document as cached: its text and the validators it came with. */
export interface CachedDocument {
  readonly body: string;
  readonly etag: string | null;
  readonly lastModified: string | null;
}

/** The storage key of a document's cached copy. */
export function documentKey(url: string): string {
  return "herald:document:" + hash(url);
}

/** The storage key of a user's seen list (any string is a valid user id). */
export function seenKey(user: string): string {
  return "herald:seen:" + hash(user);
}

/**
 * The first line of a cached document as this version keeps it: the line, its validators as JSON on
 * the second, and the body as it came after them, unescaped (escaping a 5 MB body into JSON took a
 * fifth of a first decision).
 */
const documentHeader = "herald-document 1\n";

/** Reads a cached document (as this version or an earlier one kept it); a damaged entry counts as none. */
export async function readCached(storage: StorageAdapter, url: string): Promise<CachedDocument | null> {
  try {
    const text = await storage.getItem(documentKey(url));
    if (text === null) return null;
    if (text.startsWith(documentHeader)) {
      const end = text.indexOf("\n", documentHeader.length);
      if (end < 0) return null;
      const validators = JSON.parse(text.slice(documentHeader.length, end)) as Partial<CachedDocument>;
      return {
        body: text.slice(end + 1),
        etag: typeof validators.etag === "string" ? validators.etag : null,
        lastModified: typeof validators.lastModified === "string" ? validators.lastModified : null,
      };
    }
    const value = JSON.parse(text) as CachedDocument;
    return typeof value.body === "string" ? value : null;
  } catch {
    return null;
  }
}

/** Keeps a document; a failure to write only costs a download later. */
export async function writeCached(storage: StorageAdapter, url: string, document: CachedDocument): Promise<void> {
  const validators = JSON.stringify({ etag: document.etag, lastModified: document.lastModified });
  try {
    await storage.setItem(documentKey(url), documentHeader + validators + "\n" + document.body);
  } catch {
    // Storage full or unavailable: the next launch fetches again.
  }
}

/**
 * When each id a user has seen was marked: `{"id": "2026-11-30T12:00:00Z"}` (a reminder counts
 * from it). A list of ids, as earlier versions kept, is read as marked `now`, and kept so.
 */
export async function readSeenMarks(
  storage: StorageAdapter,
  user: string,
  now: Timestamp,
): Promise<Map<string, Timestamp>> {
  let value: unknown;
  try {
    const text = await storage.getItem(seenKey(user));
    value = text === null ? {} : JSON.parse(text);
  } catch {
    return new Map();
  }
  const marks = new Map<string, Timestamp>();
  if (Array.isArray(value)) {
    for (const id of value) if (typeof id === "string") marks.set(id, now);
    await writeMarks(storage, user, marks);
  } else if (value !== null && typeof value === "object") {
    for (const [id, time] of Object.entries(value)) {
      const parsed = typeof time === "string" ? parseTimestamp(time) : undefined;
      marks.set(id, parsed ?? now);
    }
  }
  return marks;
}

/** Marks ids seen by a user at a time, replacing an earlier mark's time. */
export async function addSeen(
  storage: StorageAdapter,
  user: string,
  ids: Iterable<string>,
  now: Timestamp,
): Promise<void> {
  const marks = await readSeenMarks(storage, user, now);
  for (const id of ids) marks.set(id, now);
  await writeMarks(storage, user, marks);
}

async function writeMarks(storage: StorageAdapter, user: string, marks: Map<string, Timestamp>): Promise<void> {
  const sorted = [...marks.keys()].sort();
  const value: Record<string, string> = {};
  for (const id of sorted) {
    const time = marks.get(id);
    if (time) value[id] = formatTimestamp(time);
  }
  try {
    await storage.setItem(seenKey(user), JSON.stringify(value));
  } catch {
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
export async function installId(storage: StorageAdapter): Promise<string> {
  try {
    const kept = await storage.getItem(installKey);
    if (kept !== null && kept !== "") return kept;
  } catch {
    // Unreadable storage: make one below.
  }
  const bytes = new Uint8Array(16);
  const random = (globalThis as { crypto?: { getRandomValues?: (array: Uint8Array) => Uint8Array } }).crypto;
  if (random?.getRandomValues) random.getRandomValues(bytes);
  else for (let index = 0; index < bytes.length; index += 1) bytes[index] = Math.floor(Math.random() * 256);
  const id = hex(bytes);
  try {
    await storage.setItem(installKey, id);
  } catch {
    // Kept for this process only.
  }
  return id;
}
