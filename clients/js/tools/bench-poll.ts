// What a poll costs the reader, in Node, over a manifest at the 5 MB limit (1,800 rows):
//   tsc -p tsconfig.test.json && node --expose-gc build/tools/bench-poll.js
//   node --expose-gc build/tools/bench-poll.js --memory   (in a process of its own)
// prints JSON.parse of the manifest, a first decision (a new client, nothing stored), a poll
// answered 304 and one whose time crossed the manifest's nextChangeAt, as medians of 15; with
// --memory, the heap a decided client holds. The README reports a run.
import { HeraldClient } from "../src/client.js";
import { memoryStorage } from "../src/storage.js";
import { formatTimestamp, parseTimestamp, Timestamp, timestampFromMilliseconds } from "../src/timestamp.js";
import { HeraldRequest, HeraldResponse, HeraldTransport } from "../src/transport.js";

const base = "https://bench.example/whats-new/";
const start = Date.parse("2026-01-01T00:00:00Z");
const rows = 1800;
const text = "Timetables, departures and platforms are updated as the network changes; ".repeat(15);
const announcements = Array.from({ length: rows }, (_, index) => ({
  actionLabel: null,
  actionUrl: index % 3 === 0 ? "https://bench.example/app" : null,
  belowVersion: null,
  blocking: false,
  body: { bullets: ["One", "Two"], paragraphs: [text] },
  expiresAt: index % 10 === 0 ? "2027-06-01T00:00:00Z" : null,
  html: `<p>${text}</p>\n`,
  id: `record-${String(index).padStart(5, "0")}`,
  kind: "WHATS_NEW",
  maxVersion: null,
  minVersion: null,
  publishedAt: formatTimestamp(timestampFromMilliseconds(start + index * 3_600_000)),
  remindAfter: null,
  rollout: null,
  severity: index % 7 === 0 ? "IMPORTANT" : "INFO",
  title: `Announcement ${index}`,
  updatedAt: null,
  url: `${base}announcements/record-${index}/`,
}));
const manifest = JSON.stringify({
  announcements,
  nextChangeAt: "2026-12-01T00:00:00Z",
  platform: "ios",
  schemaVersion: 1,
  scope: "release",
  updated: "2026-11-30T00:00:00Z",
  version: "1.0.0",
});
const index = JSON.stringify({
  archive: base,
  baseURL: base,
  feed: `${base}feed.xml`,
  language: "en",
  nextChangeAt: null,
  platforms: {
    ios: {
      currentRelease: "1.0.0",
      live: `${base}api/v1/ios/live.json`,
      releases: [{ manifest: `${base}api/v1/ios/1.0.0.json`, version: "1.0.0" }],
      store: null,
    },
  },
  schema: `${base}api/v1/manifest.schema.json`,
  schemaVersion: 1,
  title: "Bench",
  updated: "2026-11-30T00:00:00Z",
});
const documents: Record<string, string> = {
  [`${base}api/v1/index.json`]: index,
  [`${base}api/v1/ios/1.0.0.json`]: manifest,
};

/** A CDN: fixed ETags, 304 when they match (a real 304 carries no body to hash). */
const transport: HeraldTransport = {
  async fetch(request: HeraldRequest): Promise<HeraldResponse> {
    const body = documents[request.url];
    if (body === undefined) return { kind: "failed", failure: { kind: "status", status: 404 } };
    const etag = `"${request.url.length}-${body.length}"`;
    if (request.etag === etag) return { kind: "not-modified", maxAge: 60 };
    return { kind: "ok", body, etag, lastModified: null, maxAge: 60 };
  },
};

let now: Timestamp = parseTimestamp("2026-11-30T12:00:00Z")!;
const clock = {
  now: () => now,
  sleepUntil: () => new Promise<void>(() => {}),
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const heapUsed = () => (process as unknown as { memoryUsage(): { heapUsed: number } }).memoryUsage().heapUsed;
const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});

/** A run's time, in the heap as the runs before left it (as an app's would be). */
async function time(work: () => Promise<unknown> | unknown): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const client = () =>
  new HeraldClient({ channel: base, platform: "ios", appVersion: "1.0.0", userId: "ada", storage: memoryStorage(), transport, clock });

/** The heap a client holds once it has decided, measured from a collected heap. */
async function heldHeap(): Promise<{ bytes: number; state: Awaited<ReturnType<HeraldClient["refresh"]>> }> {
  collect();
  const before = heapUsed();
  const herald = client();
  const state = await herald.refresh();
  collect();
  const bytes = heapUsed() - before;
  // Kept alive until measured.
  if (herald.getState() !== state) throw new Error("the state changed");
  return { bytes, state };
}

async function main(): Promise<void> {
  if (process.argv.includes("--memory")) {
    const held = await heldHeap();
    const times = (held.bytes / manifest.length).toFixed(1);
    console.log(`heap held by a decided client  ${(held.bytes / 1e6).toFixed(1)} MB (${times}x the manifest)`);
    return;
  }
  const parse: number[] = [];
  const first: number[] = [];
  const poll: number[] = [];
  const crossed: number[] = [];
  for (let round = 0; round < 15; round++) {
    parse.push(await time(() => JSON.parse(manifest)));
    const herald = client();
    first.push(await time(() => herald.refresh()));
    poll.push(await time(() => herald.refresh()));
    now = parseTimestamp("2026-12-01T00:00:01Z")!;
    crossed.push(await time(() => herald.refresh()));
    now = parseTimestamp("2026-11-30T12:00:00Z")!;
  }
  const state = await client().refresh();
  const megabytes = (bytes: number) => (bytes / 1e6).toFixed(1);
  if (state.freshness !== "fresh") throw new Error(`not fresh: ${JSON.stringify(state.failure)}`);
  console.log(`manifest: ${rows} rows, ${megabytes(manifest.length)} MB; ${state.archive.length} in the archive`);
  console.log(`JSON.parse of the manifest     ${median(parse).toFixed(1)} ms`);
  console.log(`first decision                 ${median(first).toFixed(1)} ms (${(median(first) / median(parse)).toFixed(1)}x JSON.parse)`);
  console.log(`poll answered 304              ${median(poll).toFixed(1)} ms`);
  console.log(`poll past nextChangeAt (304)   ${median(crossed).toFixed(1)} ms`);
}

void main();
