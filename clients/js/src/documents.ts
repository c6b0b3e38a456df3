import { limits } from "./limits.js";
import { documentProblem } from "./strict.js";
import { parseTimestamp, Timestamp } from "./timestamp.js";
import { parseVersion, Version } from "./version.js";

/** How an announcement interrupts: a strip, a dialog, a full-screen takeover. */
export type Severity = "INFO" | "IMPORTANT" | "CRITICAL";
/** What an announcement is about (icon and label only). */
export type Kind = "WHATS_NEW" | "UPDATE_AVAILABLE" | "NOTICE";

/** One announcement as an app receives it (docs/client-protocol.md, and herald's ManifestRow). */
export interface ManifestRow {
  readonly id: string;
  readonly severity: Severity;
  readonly kind: Kind;
  readonly title: string;
  readonly body: { readonly paragraphs: readonly string[]; readonly bullets: readonly string[] };
  readonly html: string;
  readonly actionUrl: string | null;
  readonly actionLabel: string | null;
  readonly blocking: boolean;
  readonly publishedAt: Timestamp;
  readonly updatedAt: Timestamp | null;
  readonly expiresAt: Timestamp | null;
  readonly minVersion: Version | null;
  readonly maxVersion: Version | null;
  /** Every version below it is reached (hotfixes of the release below included); null when unbounded so. */
  readonly belowVersion: Version | null;
  /** Who it reaches beyond its range: a growing share of users (null: everyone in range). */
  readonly rollout: Rollout | null;
  /** Seconds after a dismissal at which it is unseen again (null: seen for good). */
  readonly remindAfter: number | null;
  readonly url: string;
  readonly draft: boolean | null;
}

/** A row's rollout: its salt, and from each step's time on the share reached, of 10,000 buckets. */
export interface Rollout {
  readonly salt: string;
  readonly steps: readonly { readonly at: Timestamp; readonly share: number }[];
}

/** A release's manifest or a platform's live.json. */
export interface ManifestDocument {
  readonly scope: "release" | "live";
  readonly platform: string;
  readonly version: string | null;
  readonly nextChangeAt: Timestamp | null;
  readonly announcements: readonly ManifestRow[];
}

/** The channel, api/v1/index.json. */
export interface ChannelIndex {
  /** The locale of the channel's words (BCP 47). */
  readonly language: string;
  /** Every locale's own channel, the default first, when the channel has several locales. */
  readonly locales: readonly { readonly locale: string; readonly index: string }[] | null;
  readonly nextChangeAt: Timestamp | null;
  readonly platforms: Readonly<
    Record<string, { readonly live: string; readonly releases: readonly { version: string; manifest: string }[] }>
  >;
}

/** Why a fetch gave no document; every one of them fails open. */
export type FetchFailure =
  | { readonly kind: "network"; readonly reason: string }
  | { readonly kind: "timed-out" }
  | { readonly kind: "status"; readonly status: number }
  | { readonly kind: "unreadable"; readonly reason: string }
  | { readonly kind: "unknown-schema"; readonly schemaVersion: number }
  | { readonly kind: "too-large"; readonly limit: number }
  | { readonly kind: "not-fetched" };

/** A decoding outcome. */
export type Decoded<T> = { ok: true; value: T } | { ok: false; failure: FetchFailure };

const severities = new Set(["INFO", "IMPORTANT", "CRITICAL"]);
const kinds = new Set(["WHATS_NEW", "UPDATE_AVAILABLE", "NOTICE"]);

type JSONObject = Record<string, unknown>;

function isObject(value: unknown): value is JSONObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A present string, or throws (a missing key fails the row, as Swift's Codable does). */
function requiredString(object: JSONObject, key: string): string {
  const value = object[key];
  if (typeof value !== "string") throw new Error(`${key} is not a string`);
  return value;
}

/** An absent or null value is null; anything else must read. */
function optional<T>(object: JSONObject, key: string, read: (value: unknown) => T | undefined): T | null {
  const value = object[key];
  if (value === undefined || value === null) return null;
  const read_ = read(value);
  if (read_ === undefined) throw new Error(`${key} cannot be read`);
  return read_;
}

const timestamp = (value: unknown) => (typeof value === "string" ? parseTimestamp(value) : undefined);
const version = (value: unknown) => (typeof value === "string" ? parseVersion(value) : undefined);
const text = (value: unknown) => (typeof value === "string" ? value : undefined);

function strings(value: unknown, key: string): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
    throw new Error(`${key} is not a list of strings`);
  }
  return value as string[];
}

/**
 * Reads a rollout; throws when it cannot, so the row is left out: a row whose share this app
 * cannot read must not reach everyone.
 */
function readRollout(value: unknown): Rollout {
  if (!isObject(value) || !Array.isArray(value.steps) || value.steps.length === 0) {
    throw new Error("rollout is not a rollout");
  }
  const salt = requiredString(value, "salt");
  if (salt === "") throw new Error("rollout salt is empty");
  const steps = value.steps.map((step: unknown) => {
    if (!isObject(step)) throw new Error("a rollout step is not an object");
    const at = timestamp(step.at);
    const share = step.share;
    if (!at || typeof share !== "number" || !Number.isInteger(share) || share < 0 || share > 10000) {
      throw new Error("a rollout step is not a step");
    }
    return { at, share };
  });
  return { salt, steps };
}

/** A reminder's whole count of seconds, inside the protocol's limits; throws otherwise. */
function remindSeconds(value: unknown): number {
  if (
    typeof value !== "number" ||
    !Number.isInteger(value) ||
    value < limits.minimumRemindAfter ||
    value > limits.maximumRemindAfter
  ) {
    throw new Error("remindAfter is not a reminder");
  }
  return value;
}

/** Reads one row; throws when it cannot (the caller leaves it out). */
function readRow(value: unknown): ManifestRow {
  if (!isObject(value)) throw new Error("a row is not an object");
  const severity = requiredString(value, "severity");
  const kind = requiredString(value, "kind");
  if (!severities.has(severity) || !kinds.has(kind)) throw new Error("unknown severity or kind");
  if (!isObject(value.body)) throw new Error("body is not an object");
  if (typeof value.blocking !== "boolean") throw new Error("blocking is not a boolean");
  const publishedAt = timestamp(value.publishedAt);
  if (!publishedAt) throw new Error("publishedAt is not a timestamp");
  const draft = value.draft;
  if (draft !== undefined && draft !== null && typeof draft !== "boolean") throw new Error("draft");
  return {
    id: requiredString(value, "id"),
    severity: severity as Severity,
    kind: kind as Kind,
    title: requiredString(value, "title"),
    body: {
      paragraphs: strings(value.body.paragraphs, "paragraphs"),
      bullets: strings(value.body.bullets, "bullets"),
    },
    html: requiredString(value, "html"),
    actionUrl: optional(value, "actionUrl", text),
    actionLabel: optional(value, "actionLabel", text),
    blocking: value.blocking,
    publishedAt,
    updatedAt: optional(value, "updatedAt", timestamp),
    expiresAt: optional(value, "expiresAt", timestamp),
    minVersion: optional(value, "minVersion", version),
    maxVersion: optional(value, "maxVersion", version),
    belowVersion: optional(value, "belowVersion", version),
    rollout: value.rollout === null || value.rollout === undefined ? null : readRollout(value.rollout),
    remindAfter:
      value.remindAfter === null || value.remindAfter === undefined ? null : remindSeconds(value.remindAfter),
    url: requiredString(value, "url"),
    draft: typeof draft === "boolean" ? draft : null,
  };
}

/** Parses JSON, strictly, and checks the schema version every herald document carries. */
function parseDocument(body: string): Decoded<JSONObject> {
  const problem = documentProblem(body);
  if (problem !== null) return { ok: false, failure: { kind: "unreadable", reason: problem } };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    return { ok: false, failure: { kind: "unreadable", reason: String(error) } };
  }
  if (!isObject(value)) return { ok: false, failure: { kind: "unreadable", reason: "not an object" } };
  if (typeof value.schemaVersion === "number" && value.schemaVersion !== 1) {
    return { ok: false, failure: { kind: "unknown-schema", schemaVersion: value.schemaVersion } };
  }
  if (value.schemaVersion !== 1) {
    return { ok: false, failure: { kind: "unreadable", reason: "no schemaVersion" } };
  }
  return { ok: true, value };
}

/** Reads a manifest's text as an app does; a row that cannot be read is left out. */
export function decodeManifest(body: string): Decoded<ManifestDocument> {
  const parsed = parseDocument(body);
  if (!parsed.ok) return parsed;
  const document = parsed.value;
  try {
    const scope = requiredString(document, "scope");
    if (scope !== "release" && scope !== "live") throw new Error("unknown scope");
    if (!Array.isArray(document.announcements)) throw new Error("announcements is not a list");
    const announcements: ManifestRow[] = [];
    for (const row of document.announcements) {
      try {
        announcements.push(readRow(row));
      } catch {
        // A row this app cannot read (a newer severity) is left out; the others still show.
      }
    }
    return {
      ok: true,
      value: {
        scope,
        platform: requiredString(document, "platform"),
        version: optional(document, "version", text),
        nextChangeAt: optional(document, "nextChangeAt", timestamp),
        announcements,
      },
    };
  } catch (error) {
    return { ok: false, failure: { kind: "unreadable", reason: String(error) } };
  }
}

/** Reads the channel's text as an app does. */
export function decodeChannel(body: string): Decoded<ChannelIndex> {
  const parsed = parseDocument(body);
  if (!parsed.ok) return parsed;
  const document = parsed.value;
  try {
    for (const key of ["title", "language", "baseURL", "archive", "feed", "schema"]) {
      requiredString(document, key);
    }
    if (!isObject(document.platforms)) throw new Error("platforms is not an object");
    // No prototype: a platform named __proto__ or constructor is a key like any other.
    const platforms: Record<string, { live: string; releases: { version: string; manifest: string }[] }> =
      Object.create(null);
    for (const [key, value] of Object.entries(document.platforms)) {
      if (!isObject(value) || !Array.isArray(value.releases)) throw new Error(`platform ${key}`);
      platforms[key] = {
        live: requiredString(value, "live"),
        releases: value.releases.map((release) => {
          if (!isObject(release)) throw new Error("a release is not an object");
          return { version: requiredString(release, "version"), manifest: requiredString(release, "manifest") };
        }),
      };
    }
    let locales: { locale: string; index: string }[] | null = null;
    if (document.locales !== undefined && document.locales !== null) {
      if (!Array.isArray(document.locales)) throw new Error("locales is not a list");
      locales = document.locales.map((entry) => {
        if (!isObject(entry)) throw new Error("a locale is not an object");
        return { locale: requiredString(entry, "locale"), index: requiredString(entry, "index") };
      });
    }
    return {
      ok: true,
      value: {
        language: requiredString(document, "language"),
        locales,
        nextChangeAt: optional(document, "nextChangeAt", timestamp),
        platforms,
      },
    };
  } catch (error) {
    return { ok: false, failure: { kind: "unreadable", reason: String(error) } };
  }
}
