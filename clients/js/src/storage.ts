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

/** Reads a cached document; a damaged entry counts as none. */
export async function readCached(storage: StorageAdapter, url: string): Promise<CachedDocument | null> {
  try {
    const text = await storage.getItem(documentKey(url));
    if (text === null) return null;
    const value = JSON.parse(text) as CachedDocument;
    return typeof value.body === "string" ? value : null;
  } catch {
    return null;
  }
}

/** Keeps a document; a failure to write only costs a download later. */
export async function writeCached(storage: StorageAdapter, url: string, document: CachedDocument): Promise<void> {
  try {
    await storage.setItem(documentKey(url), JSON.stringify(document));
  } catch {
    // Storage full or unavailable: the next launch fetches again.
  }
}

/** The ids a user has seen. */
export async function readSeen(storage: StorageAdapter, user: string): Promise<Set<string>> {
  try {
    const text = await storage.getItem(seenKey(user));
    const ids = text === null ? [] : (JSON.parse(text) as unknown);
    return new Set(Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : []);
  } catch {
    return new Set();
  }
}

/** Adds ids to a user's seen list. */
export async function addSeen(storage: StorageAdapter, user: string, ids: Iterable<string>): Promise<void> {
  const seen = await readSeen(storage, user);
  for (const id of ids) seen.add(id);
  try {
    await storage.setItem(seenKey(user), JSON.stringify([...seen].sort()));
  } catch {
    // The mark is lost with the storage; the message may show once more.
  }
}
