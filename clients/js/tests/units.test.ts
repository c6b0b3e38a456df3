import assert from "node:assert/strict";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { decodeChannel, decodeManifest } from "../src/documents.js";
import { limits } from "../src/limits.js";
import { bodyText } from "../src/strict.js";
import { fileStorage } from "../src/node.js";
import { classifyAction, refusedASCII, refusedScalars, refusedSchemes } from "../src/action.js";
import { defaultActionLabel, writeJSON } from "../src/state.js";
import { compareTimestamps, parseTimestamp } from "../src/timestamp.js";
import { hash, maxAge } from "../src/transport.js";
import { conformanceFolder, readJSON } from "./support/paths.js";
import { rolloutBucket } from "../src/bucket.js";
import { rolloutReaches, rolloutShare, stillSeen } from "../src/decision.js";
import { addSeen, memoryStorage, readSeenMarks, seenKey } from "../src/storage.js";

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

const actionTable = readJSON(join(conformanceFolder, "actions.json")) as {
  refusedSchemes: string[];
  refusedScalars: [number, number][];
  refusedASCII: string;
  cases: { text: string; kind: string | null }[];
};

test("actions: the lists are conformance/actions.json's", () => {
  assert.ok(actionTable.cases.length >= 40);
  assert.deepEqual(refusedSchemes, actionTable.refusedSchemes);
  assert.deepEqual(refusedScalars, actionTable.refusedScalars);
  assert.equal(refusedASCII, actionTable.refusedASCII);
});

for (const { text, kind } of actionTable.cases) {
  test(`actions: ${JSON.stringify(text)} is ${kind ?? "refused"}`, () => {
    const action = classifyAction(text);
    assert.equal(action?.kind ?? null, kind);
    if (action !== null) assert.equal(action.target, text);
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
    updatedAt: null, expiresAt: null, minVersion: null, maxVersion: null, belowVersion: null, url: "https://x.example/",
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

const malformed = readJSON(join(conformanceFolder, "malformed.json")) as {
  refused: { name: string; base64: string }[];
  accepted: { name: string; base64: string; ids: string[] }[];
};

/** A body of the table, decoded as the client decodes what a transport hands it. */
function decodeBody(base64: string, as: "manifest" | "channel"): { ok: boolean; ids: string[] } {
  const text = bodyText(Uint8Array.from(atob(base64), (character) => character.charCodeAt(0)));
  if ("problem" in text) return { ok: false, ids: [] };
  if (as === "channel") return { ok: decodeChannel(text.text).ok, ids: [] };
  const decoded = decodeManifest(text.text);
  return decoded.ok ? { ok: true, ids: decoded.value.announcements.map((row) => row.id) } : { ok: false, ids: [] };
}

test("documents: the limits are conformance/limits.json's", () => {
  const table = readJSON(join(conformanceFolder, "limits.json")) as Record<string, number>;
  assert.equal(limits.maximumBodySize, table.maximumBodySize);
  assert.equal(limits.maximumDepth, table.maximumDepth);
  assert.equal(limits.defaultTimeout, table.defaultTimeout * 1000);
  assert.equal(limits.minimumRemindAfter, table.minimumRemindAfter);
  assert.equal(limits.maximumRemindAfter, table.maximumRemindAfter);
  const transport = readJSON(join(conformanceFolder, "transport.json")) as Record<string, unknown>;
  assert.equal(limits.acceptEncoding, transport.acceptEncoding);
  assert.deepEqual([...limits.readableEncodings].sort(), transport.readableEncodings);
  assert.ok(malformed.refused.length >= 20 && malformed.accepted.length >= 5);
});

for (const body of malformed.refused) {
  test(`documents: refuses ${body.name} as a manifest and as a channel`, () => {
    assert.equal(decodeBody(body.base64, "manifest").ok, false);
    assert.equal(decodeBody(body.base64, "channel").ok, false);
  });
}

for (const body of malformed.accepted) {
  test(`documents: reads ${body.name}`, () => {
    assert.deepEqual(decodeBody(body.base64, "manifest"), { ok: true, ids: body.ids });
  });
}

const bucketTable = readJSON(join(conformanceFolder, "buckets.json")) as {
  cases: { salt: string; stableID: string; bucket: number }[];
  loneSurrogates: { salt: string; stableIDUTF16: number[]; bucket: number }[];
};

test("rollout buckets: a stable id with a lone surrogate buckets as U+FFFD", () => {
  assert.ok(bucketTable.loneSurrogates.length >= 3);
  for (const { salt, stableIDUTF16, bucket } of bucketTable.loneSurrogates) {
    assert.equal(rolloutBucket(salt, String.fromCharCode(...stableIDUTF16)), bucket, JSON.stringify(stableIDUTF16));
  }
});

test("rollout buckets: every case of conformance/buckets.json", () => {
  assert.ok(bucketTable.cases.length >= 12);
  for (const { salt, stableID, bucket } of bucketTable.cases) {
    const label = `${JSON.stringify(salt)} ${JSON.stringify(stableID.slice(0, 20))}`;
    assert.equal(rolloutBucket(salt, stableID), bucket, label);
  }
});

test("a seen list kept by an earlier version is read as marked now and kept so; a reminder comes back", async () => {
  const storage = memoryStorage({ [seenKey("ada")]: JSON.stringify(["a", "b"]) });
  const now = parseTimestamp("2026-11-30T12:00:00Z")!;
  const marks = await readSeenMarks(storage, "ada", now);
  assert.deepEqual([...marks.keys()].sort(), ["a", "b"]);
  assert.deepEqual(JSON.parse((await storage.getItem(seenKey("ada")))!), {
    a: "2026-11-30T12:00:00Z",
    b: "2026-11-30T12:00:00Z",
  });
  const later = parseTimestamp("2026-12-07T12:00:00Z")!;
  await addSeen(storage, "ada", ["b"], parseTimestamp("2026-12-01T00:00:00Z")!);
  const row = (id: string, remindAfter: number | null) =>
    ({ id, remindAfter }) as unknown as Parameters<typeof stillSeen>[1][number];
  // a reminds a week after its migration; b, marked again a day later, is not due yet.
  const seen = stillSeen(await readSeenMarks(storage, "ada", later), [row("a", 604800), row("b", 604800)], later);
  assert.deepEqual([...seen].sort(), ["b"]);
});

test("rolloutReaches: a user's bucket below the share at the time, and no one before the first step", () => {
  const at = (text: string) => parseTimestamp(text)!;
  const rollout = { salt: "rollout-dialog", steps: [{ at: at("2026-11-20T00:00:00Z"), share: 500 }] };
  const row = { rollout } as unknown as Parameters<typeof rolloutReaches>[0];
  assert.equal(rolloutBucket("rollout-dialog", "user-11"), 69);
  assert.equal(rolloutReaches(row, { stableId: "user-11" }, at("2026-11-30T00:00:00Z")), true);
  assert.equal(rolloutReaches(row, { stableId: "user-0" }, at("2026-11-30T00:00:00Z")), false);
  assert.equal(rolloutReaches(row, { stableId: "user-11" }, at("2026-11-19T00:00:00Z")), false);
  assert.equal(rolloutShare(rollout, at("2026-11-19T00:00:00Z")), 0);
});

test("rolloutReaches: inside every rollout once its share is above 0%, outside every one below 100%", () => {
  const at = (text: string) => parseTimestamp(text)!;
  const steps = [
    { at: at("2026-11-20T00:00:00Z"), share: 1 },
    { at: at("2026-11-25T00:00:00Z"), share: 9999 },
    { at: at("2026-11-28T00:00:00Z"), share: 10000 },
  ];
  const row = { rollout: { salt: "s", steps } } as unknown as Parameters<typeof rolloutReaches>[0];
  const cases: [string, boolean, boolean][] = [
    ["2026-11-19T00:00:00Z", false, false],
    ["2026-11-21T00:00:00Z", true, false],
    ["2026-11-26T00:00:00Z", true, false],
    ["2026-11-29T00:00:00Z", true, true],
  ];
  for (const [time, inside, outside] of cases) {
    assert.equal(rolloutReaches(row, "inside", at(time)), inside, `inside at ${time}`);
    assert.equal(rolloutReaches(row, "outside", at(time)), outside, `outside at ${time}`);
  }
});
