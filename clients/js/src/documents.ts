import { isObject, optional, readers, required } from "./row-values.js";
import { ManifestRow, readRow } from "./row.js";
import { limits } from "./limits.js";
import { documentProblem } from "./strict.js";
import { Timestamp } from "./timestamp.js";

import type { StatementFailureKind } from "./signing.js";
export type { Kind, Rollout, RowBody, Severity } from "./row-values.js";
export type { ManifestRow } from "./row.js";

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
  readonly platforms: Readonly<Record<string, ChannelPlatform>>;
}

/** One platform of a channel: its live.json and its releases, each with its content-addressed copy if named. */
export interface ChannelPlatform {
  readonly live: string;
  readonly liveObject: DocumentObject | null;
  readonly releases: readonly { version: string; manifest: string; object: DocumentObject | null }[];
}

/**
 * Where a document's content-addressed copy is (`api/v1/objects/<sha256>.json`), and what its bytes are: an
 * app that holds bytes of that hash has the document and never asks for it again.
 */
export interface DocumentObject {
  readonly url: string;
  /** The SHA-256 of its bytes, in lowercase hex. */
  readonly sha256: string;
  readonly bytes: number;
}

/**
 * An object entry that is there and well made, else null: the reader then fetches the canonical URL, as in a
 * channel built before objects (a wrong entry costs a request, never the document).
 */
function readObject(value: unknown): DocumentObject | null {
  if (!isObject(value)) return null;
  const { url, sha256, bytes } = value;
  if (typeof url !== "string" || typeof sha256 !== "string" || !/^[0-9a-f]{64}$/.test(sha256)) return null;
  if (typeof bytes !== "number" || !Number.isInteger(bytes) || bytes < 0 || bytes > limits.maximumBodySize) {
    return null;
  }
  return { url, sha256, bytes };
}

/** Why a fetch gave no document; every one of them fails open. */
export type HeraldFailure =
  | { readonly kind: "network"; readonly reason: string }
  | { readonly kind: "timed-out" }
  | { readonly kind: "status"; readonly status: number }
  | { readonly kind: "unreadable"; readonly reason: string }
  | { readonly kind: "unknown-schema"; readonly schemaVersion: number }
  | { readonly kind: "too-large"; readonly limit: number }
  | { readonly kind: "not-fetched" }
  | { readonly kind: StatementFailureKind; readonly reason: string };

/** A decoding outcome. */
export type Decoded<T> = { ok: true; value: T } | { ok: false; failure: HeraldFailure };

type JSONObject = Record<string, unknown>;

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
    const scope = required(document, "scope", readers.text);
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
        platform: required(document, "platform", readers.text),
        version: optional(document, "version", readers.text),
        nextChangeAt: optional(document, "nextChangeAt", readers.timestamp),
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
      required(document, key, readers.text);
    }
    if (!isObject(document.platforms)) throw new Error("platforms is not an object");
    // No prototype: a platform named __proto__ or constructor is a key like any other.
    const platforms: Record<string, ChannelPlatform> = Object.create(null);
    for (const [key, value] of Object.entries(document.platforms)) {
      if (!isObject(value) || !Array.isArray(value.releases)) throw new Error(`platform ${key}`);
      platforms[key] = {
        live: required(value, "live", readers.text),
        liveObject: readObject(value.liveObject),
        releases: value.releases.map((release) => {
          if (!isObject(release)) throw new Error("a release is not an object");
          return {
            version: required(release, "version", readers.text),
            manifest: required(release, "manifest", readers.text),
            object: readObject(release.object),
          };
        }),
      };
    }
    let locales: { locale: string; index: string }[] | null = null;
    if (document.locales !== undefined && document.locales !== null) {
      if (!Array.isArray(document.locales)) throw new Error("locales is not a list");
      locales = document.locales.map((entry) => {
        if (!isObject(entry)) throw new Error("a locale is not an object");
        return { locale: required(entry, "locale", readers.text), index: required(entry, "index", readers.text) };
      });
    }
    return {
      ok: true,
      value: {
        language: required(document, "language", readers.text),
        locales,
        nextChangeAt: optional(document, "nextChangeAt", readers.timestamp),
        platforms,
      },
    };
  } catch (error) {
    return { ok: false, failure: { kind: "unreadable", reason: String(error) } };
  }
}
