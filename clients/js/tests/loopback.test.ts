import assert from "node:assert/strict";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { HeraldClient, HeraldClientOptions } from "../src/client.js";
import { HeraldFailure } from "../src/documents.js";
import { fileStorage } from "../src/node.js";
import { HeraldState, writeJSON } from "../src/state.js";
import { memoryStorage, StorageAdapter } from "../src/storage.js";
import { parseTimestamp, Timestamp } from "../src/timestamp.js";
import { fetchTransport } from "../src/transport.js";
import { ChannelServer, Fault } from "./support/channel-server.js";
import { gzipBomb } from "./support/gzip-bomb.js";
import { conformanceCases, fixedClock, runCase } from "./support/conformance.js";
import { ManualClock } from "./support/manual-clock.js";
import { StateObserver } from "./support/observer.js";

// The Swift client's fault list (Tests/HeraldClientTests), against a real HTTP server on loopback
// and the platform's own fetch: what the client meets on a bad day.

function time(text: string): Timestamp {
  const parsed = parseTimestamp(text);
  assert.ok(parsed !== undefined, text);
  return parsed;
}

const noon = time("2026-11-30T12:00:00Z");
const servers: ChannelServer[] = [];
const folders: string[] = [];

after(async () => {
  for (const server of servers) await server.stop();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function serve(channel = "channel-n0"): Promise<ChannelServer> {
  const server = await ChannelServer.start(channel);
  servers.push(server);
  return server;
}

async function temporaryFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "herald-js-"));
  folders.push(folder);
  return folder;
}

function client(server: ChannelServer, appVersion: string, options: Partial<HeraldClientOptions> = {}): HeraldClient {
  return new HeraldClient({
    channel: server.baseURL,
    platform: "ios",
    appVersion,
    userId: "ada",
    clock: fixedClock(noon),
    ...options,
  });
}

const ids = (state: HeraldState) => state.archive.map((entry) => entry.message.id);

for (const conformance of conformanceCases()) {
  if (Object.keys(conformance.faults).length > 0 || conformance.cached.length > 0) continue;
  // This server rewrites the base URL inside the documents, which a signed channel's statement
  // hashes: the signed cases go over the network through conformance/run-cases instead.
  if (conformance.channel.startsWith("signed-")) continue;
  test(`over HTTP with fetch: ${conformance.name}`, async () => {
    const server = await serve(conformance.channel);
    const state = await runCase(conformance, { baseURL: server.baseURL, transport: fetchTransport() });
    assert.equal(state, writeJSON(conformance.expected));
  });
}

const manifest = "/news/api/v1/ios/1.0.0.json";
const faults: [string, Fault, HeraldFailure["kind"]][] = [
  ["a 500", { kind: "status", status: 500 }, "status"],
  ["a 404", { kind: "status", status: 404 }, "status"],
  ["truncated JSON", { kind: "body", body: '{"schemaVersion": 1, "scope": "rel' }, "unreadable"],
  ["a body that is not JSON", { kind: "body", body: "<html>maintenance</html>" }, "unreadable"],
  ["an unknown schemaVersion", { kind: "body", body: '{"schemaVersion": 2, "announcements": []}' }, "unknown-schema"],
  ["a huge body", { kind: "body", body: " ".repeat(200_000) }, "too-large"],
  ["a connection dropped mid-body", { kind: "cut" }, "network"],
];

for (const [name, fault, failure] of faults) {
  test(`${name} fails open: nothing without a cache, archive and badge only with one`, async () => {
    const server = await serve();
    const storage = memoryStorage();
    const transport = fetchTransport({ maximumBodySize: 100_000 });
    server.inject(manifest, fault);
    const cold = await client(server, "1.0", { storage, transport }).refresh();
    assert.equal(cold.freshness, "unavailable");
    assert.equal(cold.failure?.kind, failure);
    assert.equal(cold.wall, null);
    assert.deepEqual(ids(cold), []);
    server.inject(manifest, undefined);
    const good = await client(server, "1.0", { storage, transport }).refresh();
    assert.equal(good.wall?.id, "wall-1-0");
    server.inject(manifest, fault);
    const warm = await client(server, "1.0", { storage, transport }).refresh();
    assert.equal(warm.freshness, "cached");
    assert.equal(warm.failure?.kind, failure);
    assert.equal(warm.wall, null, "a cached wall is no wall");
    assert.equal(warm.interruption, null);
    assert.deepEqual(ids(warm), ids(good));
    assert.equal(warm.badge, good.badge);
  });
}

test("a failed index fails open, and so does a refused connection", async () => {
  const server = await serve();
  server.inject("/news/api/v1/index.json", { kind: "status", status: 503 });
  const index = await client(server, "1.0").refresh();
  assert.deepEqual(index.failure, { kind: "status", status: 503 });
  assert.equal(index.wall, null);
  const stopped = await serve();
  await stopped.stop();
  const refused = await client(stopped, "1.0").refresh();
  assert.equal(refused.freshness, "unavailable");
  assert.equal(refused.failure?.kind, "network");
});

test("a response that stalls past the timeout fails open as timed out", async () => {
  const server = await serve();
  server.inject(manifest, { kind: "stall" });
  const state = await client(server, "1.0", { transport: fetchTransport({ timeout: 300 }) }).refresh();
  assert.deepEqual(state.failure, { kind: "timed-out" });
  assert.equal(state.wall, null);
});

test("a gzip bomb stops at the body limit, counted in decoded bytes", async () => {
  const server = await serve();
  server.inject(manifest, { kind: "gzip", bytes: gzipBomb(2_600_000) });
  const state = await client(server, "1.0").refresh();
  assert.deepEqual(state.failure, { kind: "too-large", limit: 5_000_000 });
  assert.equal(state.wall, null);
});

test("a whole refresh has one deadline, not one per document", async () => {
  const server = await serve();
  server.inject("/news/api/v1/index.json", { kind: "delay", milliseconds: 400 });
  server.inject(manifest, { kind: "delay", milliseconds: 400 });
  const state = await client(server, "1.0", { timeout: 600 }).refresh();
  assert.deepEqual(state.failure, { kind: "timed-out" });
  assert.equal(state.wall, null);
});

test("an app's own headers and user agent go with every request", async () => {
  const server = await serve();
  await client(server, "1.0", { headers: { "X-Api-Key": "k1" }, userAgent: "Pebble/2.1 (web)" }).refresh();
  const seen = server.requestsFor(manifest);
  assert.equal(seen.length, 1);
  assert.equal(seen[0].headers["x-api-key"], "k1");
  assert.equal(seen[0].headers["user-agent"], "Pebble/2.1 (web)");
});

test("conditional requests: the second refresh sends the ETag and a 304 keeps the rows fresh", async () => {
  const server = await serve();
  const herald = client(server, "1.0");
  const first = await herald.refresh();
  const second = await herald.refresh();
  assert.equal(second.freshness, "fresh");
  assert.equal(second.wall?.id, "wall-1-0");
  assert.equal(second, first, "an unchanged state is the same object (useSyncExternalStore needs it)");
  const requests = server.requestsFor(manifest);
  assert.deepEqual(requests.map((request) => request.status), [200, 304]);
  assert.ok(requests[1].ifNoneMatch?.startsWith('"'));
});

test("close() aborts an exchange under way, drops listeners, and later refreshes fetch nothing", async () => {
  const server = await serve();
  const herald = client(server, "1.0");
  const first = await herald.refresh();
  assert.equal(first.wall?.id, "wall-1-0");
  server.inject(manifest, { kind: "stall" });
  let calls = 0;
  herald.subscribe(() => calls++);
  const stalled = herald.refresh();
  herald.close();
  const closed = await stalled;
  assert.deepEqual(closed.failure, { kind: "network", reason: "the client was closed" });
  assert.equal(closed.wall, null, "an aborted exchange fails open");
  assert.equal(calls, 0, "listeners are dropped before the aborted exchange decides");
  const requests = server.requestsFor(manifest).length;
  const later = await herald.refresh();
  assert.equal(later, closed, "it decides from what it has");
  assert.equal(server.requestsFor(manifest).length, requests, "nothing is fetched after close()");
  herald.subscribe(() => calls++);
  assert.equal(calls, 0);
});

test("refreshes asked for together share one fetch", async () => {
  const server = await serve();
  const herald = client(server, "1.0");
  const [a, b] = await Promise.all([herald.refresh(), herald.refresh()]);
  assert.equal(a, b);
  assert.equal(server.requestsFor("/news/api/v1/index.json").length, 1);
});

test("a cold start without network shows the archive cached on disk, and nothing more", async () => {
  const folder = await temporaryFolder();
  const server = await serve();
  const online = await client(server, "1.1.0", { storage: fileStorage(folder) }).refresh();
  assert.equal(online.interruption?.id, "takeover-all");
  await server.stop();
  const offline = await client(server, "1.1.0", { storage: fileStorage(folder) }).refresh();
  assert.equal(offline.freshness, "cached");
  assert.equal(offline.interruption, null);
  assert.equal(offline.wall, null);
  assert.deepEqual(ids(offline), ids(online));
  assert.ok((await readdir(folder)).every((name) => !name.endsWith(".tmp")), "no temporary file is left");
});

test("two users on one device each have their own seen list", async () => {
  const storage: StorageAdapter = fileStorage(await temporaryFolder());
  const server = await serve();
  const herald = client(server, "1.1.0", { storage });
  const first = await herald.refresh();
  const shown = first.interruption?.id;
  assert.equal(shown, "takeover-all");
  const marked = await herald.markSeen(shown);
  assert.notEqual(marked.interruption?.id, shown);
  assert.equal(marked.badge, first.badge - 1);
  const other = await herald.setUser("grace", null);
  assert.equal(other.interruption?.id, shown, "another user has not seen it");
  const back = await herald.setUser("ada", null);
  assert.notEqual(back.interruption?.id, shown);
  assert.equal(back.archive.find((entry) => entry.message.id === shown)?.seen, true);
  const opened = await herald.markArchiveOpened();
  assert.equal(opened.badge, 0);
  assert.equal(opened.interruption, null);
});

test("a subscriber wakes at nextChangeAt: an expiring message leaves on time, then a fetch", async () => {
  const server = await serve("channel-n0");
  const clock = new ManualClock(time("2026-11-30T23:58:00Z"));
  const herald = client(server, "1.1.0", { clock });
  const states = new StateObserver(herald, () => server.requests.length);
  try {
    const first = await states.next();
    assert.ok(ids(first.state).includes("expiring"));
    assert.deepEqual(first.state.nextChangeAt, time("2026-12-01T00:00:00Z"));
    // max-age is 300 s, so the poll would be at 00:03; the change comes first.
    const wake = await clock.nextWake();
    assert.deepEqual(wake, time("2026-12-01T00:00:00Z"));
    server.publish("channel-n1");
    clock.advance(wake);
    const decided = await states.next();
    assert.ok(!ids(decided.state).includes("expiring"), "it left at its expiry");
    assert.equal(decided.requests, first.requests, "decided again without a fetch");
    const poll = await clock.nextWake();
    assert.ok(server.requestsFor("/news/api/v1/ios/1.1.0.json").length === 2, "then fetched the rebuilt channel");
    assert.deepEqual(poll, time("2026-12-01T00:05:00Z"), "and polls at max-age");
  } finally {
    states.stop();
  }
  assert.equal(clock.pending, 0, "unsubscribing stops the polling");
});

test("the app version and account time are checked: a bad version is unavailable, a bad time throws", async () => {
  const server = await serve();
  const state = await client(server, "v1.0").refresh();
  assert.equal(state.freshness, "unavailable");
  assert.equal(server.requests.length, 0);
  assert.throws(() => client(server, "1.0", { accountCreatedAt: "yesterday" }), TypeError);
});
