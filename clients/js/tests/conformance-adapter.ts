import { createInterface } from "node:readline";
import { HeraldClient } from "../src/client.js";
import { conformanceValue, JSONValue } from "../src/state.js";
import { memoryStorage, writeCached } from "../src/storage.js";
import { parseTimestamp } from "../src/timestamp.js";
import { fetchTransport, HeraldTransport } from "../src/transport.js";
import { CaseSigning, casePinning, fixedClock, markCaseSeen } from "./support/conformance.js";

// The JavaScript client's adapter for conformance/run-cases (docs/client-protocol.md, "Running
// the cases against a port"): one request per line on standard input, one state per line out.
//   conformance/run-cases -- node clients/js/build/tests/conformance-adapter.js

interface Request {
  readonly case: string;
  readonly channel: string;
  readonly server: string;
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
    /** The keys a signed case's app pins. */
    readonly signing?: CaseSigning;
  };
  readonly cached: Readonly<Record<string, string>>;
  readonly timeoutMilliseconds: number;
}

/** Sends every request for the channel's URLs to the runner's server instead, the path kept. */
function routing(from: string, to: string, transport: HeraldTransport): HeraldTransport {
  return {
    fetch: (request) => {
      const url = request.url.startsWith(from) ? to + request.url.slice(from.length) : request.url;
      return transport.fetch({ ...request, url });
    },
  };
}

async function answer(request: Request): Promise<JSONValue> {
  const storage = memoryStorage();
  for (const [url, body] of Object.entries(request.cached)) {
    await writeCached(storage, url, { body, etag: '"earlier"', lastModified: null });
  }
  const user = "conformance";
  const now = parseTimestamp(request.input.now);
  if (now === undefined) throw new Error(`${request.case}: now is not a timestamp`);
  await markCaseSeen(storage, user, request.input, now, request.case);
  const client = new HeraldClient({
    channel: request.channel,
    platform: request.input.platform,
    appVersion: request.input.version,
    userId: user,
    accountCreatedAt: request.input.accountCreatedAt,
    stableId: request.input.stableID ?? user,
    storage,
    transport: routing(request.channel, request.server, fetchTransport({ revalidation: "headers" })),
    clock: fixedClock(now),
    preferredLanguages: request.input.languages,
    timeout: request.timeoutMilliseconds,
    channelKeys: await casePinning(request.input.signing, storage),
  });
  return conformanceValue(await client.refresh());
}

async function main(): Promise<void> {
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (line.trim() === "") continue;
    let reply: JSONValue;
    try {
      reply = { state: await answer(JSON.parse(line) as Request) };
    } catch (error) {
      reply = { error: String(error) };
    }
    process.stdout.write(JSON.stringify(reply) + "\n");
  }
}

void main();
