import assert from "node:assert/strict";
import { test } from "node:test";
import { HeraldClient } from "../src/client.js";
import { decodeManifest } from "../src/documents.js";
import { documentProblem } from "../src/strict.js";
import { sameState } from "../src/state.js";
import { documentKey, memoryStorage, readCached, StorageAdapter, writeCached } from "../src/storage.js";
import { parseTimestamp } from "../src/timestamp.js";
import { memoryTransport } from "../src/transport.js";

// Issue 48, item 6: a poll answered 304 re-read the stored copy and compared two whole states as
// JSON (35 ms over a 5 MB manifest, most of a poll); the check walked every character alone.

const base = "https://poll.example/whats-new/";
const now = parseTimestamp("2026-11-30T12:00:00Z")!;
const clock = { now: () => now, sleepUntil: () => new Promise<void>(() => {}) };

function row(id: string, title: string): Record<string, unknown> {
  return {
    actionLabel: null, actionUrl: null, belowVersion: null, blocking: false,
    body: { bullets: [], paragraphs: ["Text."] }, expiresAt: null, html: "<p>Text.</p>\n", id,
    kind: "NOTICE", maxVersion: null, minVersion: null, publishedAt: "2026-11-01T00:00:00Z",
    remindAfter: null, rollout: null, severity: "INFO", title, updatedAt: null, url: `${base}${id}/`,
  };
}

function channel(rows: Record<string, unknown>[]): Record<string, string> {
  const index = {
    archive: base, baseURL: base, feed: `${base}feed.xml`, language: "en", nextChangeAt: null,
    platforms: {
      ios: {
        currentRelease: "1.0.0", live: `${base}api/v1/ios/live.json`, store: null,
        releases: [{ manifest: `${base}api/v1/ios/1.0.0.json`, version: "1.0.0" }],
      },
    },
    schema: `${base}api/v1/manifest.schema.json`, schemaVersion: 1, title: "Poll",
    updated: "2026-11-30T00:00:00Z",
  };
  const manifest = {
    announcements: rows, nextChangeAt: null, platform: "ios", schemaVersion: 1, scope: "release",
    updated: "2026-11-30T00:00:00Z", version: "1.0.0",
  };
  return {
    [`${base}api/v1/index.json`]: JSON.stringify(index),
    [`${base}api/v1/ios/1.0.0.json`]: JSON.stringify(manifest),
  };
}

/** That the check refuses a text, for the reason given. */
function refused(problem: string | null, reason: RegExp): void {
  assert.ok(problem !== null && reason.test(problem), `${problem} is not ${reason}`);
}

/** A storage that counts the reads of each key. */
function countingStorage(): StorageAdapter & { reads: Map<string, number> } {
  const inner = memoryStorage();
  const reads = new Map<string, number>();
  return {
    reads,
    getItem(key) {
      reads.set(key, (reads.get(key) ?? 0) + 1);
      return inner.getItem(key);
    },
    setItem: (key, value) => inner.setItem(key, value),
  };
}

function client(documents: Record<string, string>, storage: StorageAdapter): HeraldClient {
  return new HeraldClient({
    channel: base, platform: "ios", appVersion: "1.0.0", userId: "ada", storage,
    transport: memoryTransport(documents), clock,
  });
}

test("poll: the stored copy of a document is read once per client, not at every poll", async () => {
  const storage = countingStorage();
  const herald = client(channel([row("a", "A")]), storage);
  for (let poll = 0; poll < 4; poll++) assert.equal((await herald.refresh()).freshness, "fresh");
  const documentReads = [...storage.reads].filter(([key]) => key.startsWith("herald:document:"));
  assert.equal(documentReads.length, 2, "the index and the manifest");
  for (const [key, count] of documentReads) assert.equal(count, 1, key);
});

test("poll: a 304 gives the very same state, and a listener hears nothing", async () => {
  const herald = client(channel([row("a", "A"), row("b", "B")]), memoryStorage());
  const first = await herald.refresh();
  let heard = 0;
  const unsubscribe = herald.subscribe(() => heard++);
  const second = await herald.refresh();
  unsubscribe();
  assert.equal(second, first);
  assert.equal(heard, 0);
});

test("poll: states are compared by what they show, rows by their content", async () => {
  const one = await client(channel([row("a", "A")]), memoryStorage()).refresh();
  const same = await client(channel([row("a", "A")]), memoryStorage()).refresh();
  const retitled = await client(channel([row("a", "A, retitled")]), memoryStorage()).refresh();
  assert.notEqual(one.archive[0].message.row, same.archive[0].message.row);
  assert.ok(sameState(one, same), "equal rows from another copy of the document");
  assert.ok(!sameState(one, retitled), "a changed title");
  assert.ok(!sameState(one, { ...one, badge: one.badge + 1 }), "another badge");
  assert.ok(!sameState(one, { ...one, archive: [{ ...one.archive[0], seen: true }] }), "seen now");
});

test("strict: a key twice is refused in a small object and past 32 keys alike", () => {
  refused(documentProblem('{"a": 1, "b": 2, "a": 3}'), /the key "a" twice/);
  const keys = Array.from({ length: 40 }, (_, index) => `"k${index}": ${index}`);
  assert.equal(documentProblem(`{${keys.join(", ")}}`), null);
  refused(documentProblem(`{${keys.join(", ")}, "k3": 0}`), /the key "k3" twice/);
  refused(documentProblem(`{${keys.join(", ")}, "k39": 0}`), /the key "k39" twice/);
});

test("strict: plain text is passed whole, yet a control character, a lone surrogate or an escape is seen", () => {
  assert.equal(documentProblem('{"a": "plain text, then \\u00e9 and \\n"}'), null);
  // A raw control character is JSON.parse's to refuse, which reads every document after the check.
  const control = decodeManifest('{"schemaVersion": 1, "a": "plain\u0001text"}');
  assert.ok(!control.ok && control.failure.kind === "unreadable" && /control character/.test(control.failure.reason));
  refused(documentProblem('{"a": "plain\ud800text"}'), /lone surrogate/);
  assert.equal(documentProblem('{"a": "a pair \ud83d\ude00 inside"}'), null);
  refused(documentProblem('{"a": "plain \\x"}'), /unknown escape/);
  refused(documentProblem('{"a": "never closed'), /ends inside a string/);
});

test("storage: a document is kept unescaped after its validators, and an earlier JSON copy still reads", async () => {
  const storage = memoryStorage();
  const body = '{"text": "a \\"quoted\\" word\\nand a line"}';
  await writeCached(storage, "https://poll.example/a.json", { body, etag: '"v1"', lastModified: null });
  const kept = await storage.getItem(documentKey("https://poll.example/a.json"));
  assert.ok(kept?.endsWith("\n" + body));
  const read = await readCached(storage, "https://poll.example/a.json");
  assert.deepEqual(read, { body, etag: '"v1"', lastModified: null });
  const earlier = JSON.stringify({ body, etag: '"v0"', lastModified: "Mon, 30 Nov 2026 12:00:00 GMT" });
  await storage.setItem(documentKey("https://poll.example/b.json"), earlier);
  assert.deepEqual(await readCached(storage, "https://poll.example/b.json"), {
    body, etag: '"v0"', lastModified: "Mon, 30 Nov 2026 12:00:00 GMT",
  });
});
