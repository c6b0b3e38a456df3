import { readdirSync } from "node:fs";
import { join } from "node:path";
import { HeraldClient } from "../../src/client.js";
import { parseTimestamp, Timestamp } from "../../src/timestamp.js";
import { conformanceValue, JSONValue, writeJSON } from "../../src/state.js";
import { addSeen, memoryStorage, StorageAdapter, writeCached } from "../../src/storage.js";
import { encodingProblem, HeraldResponse, HeraldTransport, memoryTransport } from "../../src/transport.js";
import { generationKey } from "../../src/reader.js";
import { HeraldChannelKeys } from "../../src/signing.js";
import { conformanceFolder, readJSON } from "./paths.js";

/**
 * Marks a case's seen ids in a user's store: at the times `seenAt` gives, the others at the
 * case's time (what an earlier launch would have stored).
 */
export async function markCaseSeen(
  storage: StorageAdapter,
  user: string,
  input: { readonly seen: readonly string[]; readonly seenAt?: Readonly<Record<string, string>> },
  now: Timestamp,
  label: string,
): Promise<void> {
  const marked = input.seenAt ?? {};
  await addSeen(storage, user, input.seen.filter((id) => marked[id] === undefined), now);
  for (const [id, time] of Object.entries(marked)) {
    const at = parseTimestamp(time);
    if (at === undefined) throw new Error(`${label}: seenAt ${id} is not a timestamp`);
    await addSeen(storage, user, [id], at);
  }
}

/** One case of conformance/client/cases, as docs/client-protocol.md describes it. */
export interface ConformanceCase {
  readonly file: string;
  readonly name: string;
  readonly description: string;
  readonly channel: string;
  readonly input: {
    readonly platform: string;
    readonly version: string;
    readonly now: string;
    readonly seen: readonly string[];
    /** When some of the seen ids were marked (the others: at the case's time). */
    readonly seenAt?: Readonly<Record<string, string>>;
    readonly accountCreatedAt: string | null;
    readonly languages: readonly string[];
    /** The id a rollout's buckets are taken from (the signed-in user's, or the install's). */
    readonly stableID?: string;
    /** The keys a signed case's app pins, and the highest generation it accepted before. */
    readonly signing?: CaseSigning;
  };
  readonly faults: Readonly<
    Record<
      string,
      {
        status?: number;
        timeout?: boolean;
        network?: boolean;
        cut?: boolean;
        oversized?: boolean;
        body?: string;
        bodyBase64?: string;
        contentEncoding?: string;
        contentLengthDelta?: number;
        trailing?: string;
      }
    >
  >;
  readonly cached: readonly string[];
  readonly expected: JSONValue;
}

/** What a signed case's app pins (docs/client-protocol.md, "Running the cases against a port"). */
export interface CaseSigning {
  readonly channel: string;
  readonly keys: readonly string[];
  readonly wallKeys: readonly string[];
  readonly highestGeneration?: number;
}

/** The keys a case's app pins, with the generation it accepted before kept in its storage; null for none. */
export async function casePinning(
  signing: CaseSigning | undefined,
  storage: StorageAdapter,
): Promise<HeraldChannelKeys | null> {
  if (signing === undefined) return null;
  if (signing.highestGeneration !== undefined) {
    await storage.setItem(generationKey(signing.channel), String(signing.highestGeneration));
  }
  return { channel: signing.channel, keys: signing.keys, wallKeys: signing.wallKeys };
}

/** Every case, in file-name order. */
export function conformanceCases(): ConformanceCase[] {
  const folder = join(conformanceFolder, "client", "cases");
  return readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((file) => ({ file, ...(readJSON(join(folder, file)) as Omit<ConformanceCase, "file">) }));
}

/** A channel's documents by URL, each as text. */
export function channelDocuments(name: string): Record<string, string> {
  const channel = readJSON(join(conformanceFolder, "client", "channels", `${name}.json`)) as {
    baseURL: string;
    documents?: Record<string, JSONValue>;
    documentText?: Record<string, string>;
  };
  const documents: Record<string, string> = {};
  // A signed channel's documents are its exact text: its statement hashes the bytes.
  for (const [path, text] of Object.entries(channel.documentText ?? {})) documents[channel.baseURL + path] = text;
  for (const [path, value] of Object.entries(channel.documents ?? {})) {
    documents[channel.baseURL + path] = writeJSON(value);
  }
  return documents;
}

/** The base URL of a channel. */
export function channelBaseURL(name: string): string {
  return (readJSON(join(conformanceFolder, "client", "channels", `${name}.json`)) as { baseURL: string }).baseURL;
}

/** A clock that stays at one instant. */
export function fixedClock(now: Timestamp) {
  return {
    now: () => now,
    sleepUntil: (_: Timestamp, signal: AbortSignal) =>
      new Promise<void>((_resolve, reject) => signal.addEventListener("abort", () => reject(new Error("aborted")))),
  };
}

/** Whether a fault still gives the reader the document as built (conformance/transport.json). */
function readsWhole(fault: ConformanceCase["faults"][string]): boolean {
  if (fault.contentEncoding !== undefined) return encodingProblem(fault.contentEncoding) === null;
  return fault.trailing !== undefined;
}

/** The response a case's fault stands for. */
function response(fault: ConformanceCase["faults"][string]): HeraldResponse {
  if (fault.status !== undefined) return { kind: "failed", failure: { kind: "status", status: fault.status } };
  if (fault.timeout) return { kind: "failed", failure: { kind: "timed-out" } };
  if (fault.network) return { kind: "failed", failure: { kind: "network", reason: "refused" } };
  // Over a real network a body cut short is a failed connection, and one over the limit too large.
  if (fault.cut) return { kind: "failed", failure: { kind: "network", reason: "cut short" } };
  if (fault.oversized) return { kind: "failed", failure: { kind: "too-large", limit: 5_000_000 } };
  if (fault.contentEncoding !== undefined || fault.contentLengthDelta !== undefined) {
    return { kind: "failed", failure: { kind: "unreadable", reason: "not read whole" } };
  }
  const body =
    fault.bodyBase64 !== undefined
      ? Uint8Array.from(atob(fault.bodyBase64), (character) => character.charCodeAt(0))
      : (fault.body ?? "");
  return { kind: "ok", body, etag: null, lastModified: null, maxAge: null };
}

/**
 * Runs a case as the protocol says: its channel from a fake network with its faults, its cache
 * seeded by an earlier launch, its user's seen list, its clock; returns the state as JSON text.
 */
export async function runCase(
  test: ConformanceCase,
  network?: { readonly baseURL: string; readonly transport: HeraldTransport },
): Promise<string> {
  const base = channelBaseURL(test.channel);
  const documents = channelDocuments(test.channel);
  const faults: Record<string, HeraldResponse> = {};
  for (const [path, fault] of Object.entries(test.faults)) {
    // What a transport makes of a label or a length (the network run checks it): the document as
    // built, or a failure.
    if (readsWhole(fault)) continue;
    faults[base + path] = response(fault);
  }
  const storage = memoryStorage();
  for (const path of test.cached) {
    const body = documents[base + path];
    if (body !== undefined) await writeCached(storage, base + path, { body, etag: '"earlier"', lastModified: null });
  }
  const user = "conformance";
  const now = parseTimestamp(test.input.now);
  if (now === undefined) throw new Error(`${test.file}: now is not a timestamp`);
  await markCaseSeen(storage, user, test.input, now, test.file);
  const client = new HeraldClient({
    channel: network?.baseURL ?? base,
    platform: test.input.platform,
    appVersion: test.input.version,
    userId: user,
    accountCreatedAt: test.input.accountCreatedAt,
    stableId: test.input.stableID ?? user,
    storage,
    transport: network?.transport ?? memoryTransport(documents, faults),
    clock: fixedClock(now),
    preferredLanguages: test.input.languages,
    channelKeys: await casePinning(test.input.signing, storage),
  });

  return writeJSON(conformanceValue(await client.refresh()));
}
