import { limits } from "./limits.js";
import { parseTimestamp, Timestamp } from "./timestamp.js";
import { parseVersion } from "./version.js";

/** How an announcement interrupts: a strip, a dialog, a full-screen takeover. */
export type Severity = "INFO" | "IMPORTANT" | "CRITICAL";
/** What an announcement is about (icon and label only). */
export type Kind = "WHATS_NEW" | "UPDATE_AVAILABLE" | "NOTICE";
/** An announcement's text as paragraphs and bullets (the Markdown body, rendered to plain text). */
export interface RowBody {
  readonly paragraphs: readonly string[];
  readonly bullets: readonly string[];
}

/** A row's rollout: its salt, and from each step's time on the share reached, of 10,000 buckets. */
export interface Rollout {
  readonly salt: string;
  readonly steps: readonly { readonly at: Timestamp; readonly share: number }[];
}

type JSONObject = Record<string, unknown>;

/** Whether a JSON value is an object (not null, not a list). */
export function isObject(value: unknown): value is JSONObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads a value; undefined (or a throw) when it is not one this app can read. */
type Reader<T> = (value: unknown) => T | undefined;

/** A present value that reads, or throws (a missing key fails the row, as Swift's Codable does). */
export function required<T>(object: JSONObject, key: string, read: Reader<T>): T {
  const value = object[key];
  const read_ = value === undefined || value === null ? undefined : read(value);
  if (read_ === undefined) throw new Error(`${key} is missing or cannot be read`);
  return read_;
}

/** An absent or null value is null; anything else must read. */
export function optional<T>(object: JSONObject, key: string, read: Reader<T>): T | null {
  const value = object[key];
  if (value === undefined || value === null) return null;
  const read_ = read(value);
  if (read_ === undefined) throw new Error(`${key} cannot be read`);
  return read_;
}

const severities = new Set(["INFO", "IMPORTANT", "CRITICAL"]);
const kinds = new Set(["WHATS_NEW", "UPDATE_AVAILABLE", "NOTICE"]);

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((item) => typeof item === "string") ? (value as string[]) : undefined;
}

/**
 * Reads a rollout; throws when it cannot, so the row is left out: a row whose share this app
 * cannot read must not reach everyone.
 */
function rollout(value: unknown): Rollout {
  if (!isObject(value) || !Array.isArray(value.steps) || value.steps.length === 0) {
    throw new Error("rollout is not a rollout");
  }
  const salt = value.salt;
  if (typeof salt !== "string" || salt === "") throw new Error("rollout salt is empty");
  const steps = value.steps.map((step: unknown) => {
    if (!isObject(step)) throw new Error("a rollout step is not an object");
    const at = typeof step.at === "string" ? parseTimestamp(step.at) : undefined;
    const share = step.share;
    if (!at || typeof share !== "number" || !Number.isInteger(share) || share < 0 || share > 10000) {
      throw new Error("a rollout step is not a step");
    }
    return { at, share };
  });
  return { salt, steps };
}

/** The reader of each type of row field (`ManifestRowField.ValueType`), as the generated row.ts names them. */
export const readers = {
  text: (value: unknown) => (typeof value === "string" ? value : undefined),
  boolean: (value: unknown) => (typeof value === "boolean" ? value : undefined),
  severity: (value: unknown) => (typeof value === "string" && severities.has(value) ? (value as Severity) : undefined),
  kind: (value: unknown) => (typeof value === "string" && kinds.has(value) ? (value as Kind) : undefined),
  timestamp: (value: unknown) => (typeof value === "string" ? parseTimestamp(value) : undefined),
  version: (value: unknown) => (typeof value === "string" ? parseVersion(value) : undefined),
  body: (value: unknown): RowBody | undefined => {
    if (!isObject(value)) return undefined;
    const paragraphs = strings(value.paragraphs);
    const bullets = strings(value.bullets);
    return paragraphs && bullets ? { paragraphs, bullets } : undefined;
  },
  rollout,
  /** A reminder's whole count of seconds, inside the protocol's limits. */
  reminderSeconds: (value: unknown) =>
    typeof value === "number" &&
    Number.isInteger(value) &&
    value >= limits.minimumRemindAfter &&
    value <= limits.maximumRemindAfter
      ? value
      : undefined,
};
