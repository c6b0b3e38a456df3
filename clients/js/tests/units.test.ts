import assert from "node:assert/strict";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { decodeManifest } from "../src/documents.js";
import { fileStorage } from "../src/node.js";
import { classifyAction, defaultActionLabel, writeJSON } from "../src/state.js";
import { compareTimestamps, parseTimestamp } from "../src/timestamp.js";
import { hash, maxAge } from "../src/transport.js";

const timestamps: [string, number, number][] = [
  ["2026-11-30T12:00:00Z", 1_796_040_000, 0],
  ["2026-11-30T13:00:00+01:00", 1_796_040_000, 0],
  ["2026-11-30", 1_795_996_800, 0],
  ["2024-02-29T00:00:00.123456789Z", 1_709_164_800, 123_456_789],
  ["2026-11-30T12:00:00.5000000000Z", 1_796_040_000, 500_000_000],
  ["1969-12-31T23:59:59Z", -1, 0],
];

for (const [text, seconds, nanoseconds] of timestamps) {
  test(`timestamps: ${text} reads exactly`, () => {
    assert.deepEqual(parseTimestamp(text), { seconds, nanoseconds });
  });
}

const refusedTimestamps = [
  "2026-11-30T12:00:00",
  "2025-02-29",
  "2026-13-01",
  "2026-11-30T24:00:00Z",
  "2026-11-30T12:00:00.0000000001Z",
  "30/11/2026",
];

for (const text of refusedTimestamps) {
  test(`timestamps: ${text} is refused`, () => {
    assert.equal(parseTimestamp(text), undefined);
  });
}

test("timestamps compare to the nanosecond", () => {
  const [a, b] = ["2026-11-30T12:00:00.000000001Z", "2026-11-30T12:00:00Z"].map(parseTimestamp);
  assert.ok(a !== undefined && b !== undefined);
  assert.ok(compareTimestamps(a, b) > 0 && compareTimestamps(b, a) < 0 && compareTimestamps(a, a) === 0);
});

const actions: [string, string | null][] = [
  ["https://apps.apple.com/app/id1", "web"],
  ["myapp://settings", "deep-link"],
  ["/whats-new/widgets", "in-app"],
  ["//evil.example/", null],
  ["http://plain.example/", null],
  ["javascript:alert(1)", null],
  ["JavaScript:alert(1)", null],
  ["data:text/html,x", null],
  ["no scheme", null],
];

for (const [text, kind] of actions) {
  test(`actions: ${text} is ${kind ?? "refused"}`, () => {
    assert.equal(classifyAction(text)?.kind ?? null, kind);
  });
}

test("default labels by kind", () => {
  assert.deepEqual(
    (["WHATS_NEW", "UPDATE_AVAILABLE", "NOTICE"] as const).map(defaultActionLabel),
    ["Take a look", "Update now", "Learn more"],
  );
});

test("writeJSON writes as herald does: sorted keys, two spaces, herald's escapes, a final newline", () => {
  const text = writeJSON({ b: ["\u0001\u007f\u2028\u2029\"\\\n", 1, true, null], a: {}, c: [] });
  const expected = [
    "{",
    '  "a": {},',
    '  "b": [',
    '    "\\u0001\\u007f\\u2028\\u2029\\"\\\\\\n",',
    "    1,",
    "    true,",
    "    null",
    "  ],",
    '  "c": []',
    "}",
    "",
  ];
  assert.equal(text, expected.join("\n"));
});

test("max-age is read from Cache-Control", () => {
  assert.equal(maxAge("public, max-age=300"), 300);
  assert.equal(maxAge("no-cache"), null);
  assert.equal(maxAge("max-age=abc"), null);
  assert.equal(maxAge(null), null);
});

test("a manifest row this app cannot read is left out; the others stay", () => {
  const row = (id: string, severity: string) => ({
    id, severity, kind: "NOTICE", title: id, body: { paragraphs: [], bullets: [] }, html: "",
    actionUrl: null, actionLabel: null, blocking: false, publishedAt: "2026-11-01T00:00:00Z",
    updatedAt: null, expiresAt: null, minVersion: null, maxVersion: null, url: "https://x.example/",
  });
  const decoded = decodeManifest(JSON.stringify({
    schemaVersion: 1, scope: "release", platform: "ios", version: "1.0.0", nextChangeAt: null,
    announcements: [row("known", "INFO"), row("newer", "URGENT")],
  }));
  assert.ok(decoded.ok);
  assert.deepEqual(decoded.value.announcements.map((item) => item.id), ["known"]);
  assert.deepEqual(decodeManifest('{"schemaVersion": 2}'), {
    ok: false,
    failure: { kind: "unknown-schema", schemaVersion: 2 },
  });
});

test("fileStorage keeps any key as a safe file name and reads back what it wrote", async () => {
  const folder = await mkdtemp(join(tmpdir(), "herald-js-"));
  try {
    const storage = fileStorage(join(folder, "made-on-first-write"));
    assert.equal(await storage.getItem("absent"), null);
    const keys = ["herald:seen:0123", "../../escape", "ü/€ with spaces"];
    for (const key of keys) await storage.setItem(key, `value of ${key}`);
    await storage.setItem(keys[0], "replaced");
    assert.equal(await storage.getItem(keys[0]), "replaced");
    assert.equal(await storage.getItem(keys[1]), "value of ../../escape");
    assert.equal(await storage.getItem(keys[2]), "value of ü/€ with spaces");
    const names = await readdir(join(folder, "made-on-first-write"));
    assert.equal(names.length, 3);
    assert.ok(names.every((name) => /^[A-Za-z0-9._%-]+$/.test(name) && !name.includes("/")), names.join(" "));
    assert.deepEqual(await readdir(folder), ["made-on-first-write"], "nothing escaped the folder");
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test("hash is FNV-1a 64 (the published test vectors)", () => {
  assert.equal(hash(""), "cbf29ce484222325");
  assert.equal(hash("a"), "af63dc4c8601ec8c");
  assert.equal(hash("foobar"), "85944171f73967e8");
});
