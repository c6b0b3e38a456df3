import { classifyAction, HeraldAction } from "./action.js";
import { Decision, ManifestSource } from "./decision.js";
import { HeraldFailure, Kind, ManifestRow } from "./documents.js";
import { formatTimestamp, Timestamp } from "./timestamp.js";

/** One announcement as an app draws it. */
export interface HeraldMessage {
  readonly id: string;
  readonly row: ManifestRow;
  /** Where the button leads, or null when there is none. */
  readonly action: HeraldAction | null;
  /** The button's label: the record's, else a default for its kind; null without an action. */
  readonly actionLabel: string | null;
}

/** What an app renders (docs/client-protocol.md §7). */
export interface HeraldState {
  readonly wall: HeraldMessage | null;
  readonly interruption: (HeraldMessage & { readonly shape: "takeover" | "dialog" | "strip" }) | null;
  readonly badge: number;
  readonly archive: readonly { readonly message: HeraldMessage; readonly seen: boolean }[];
  /** Fresh (fetched or revalidated now: interruptions may show), cached (archive and badge only), or unavailable. */
  readonly freshness: "fresh" | "cached" | "unavailable";
  /** Why the rows are not fresh: the failure of this launch's fetch; null when fresh. */
  readonly failure: HeraldFailure | null;
  /** Which document the rows came from: the release's manifest, or live.json for an unlisted version. */
  readonly manifest: "release" | "live" | null;
  /** When the rows change by themselves next (a message goes live or expires), if ever. */
  readonly nextChangeAt: Timestamp | null;
  /**
   * The locale of the messages' words (the one the preferred languages reach, else the channel's
   * default); null when nothing was read.
   */
  readonly locale: string | null;
}

/** Nothing to show, before anything was fetched. */
export const emptyState: HeraldState = {
  wall: null,
  interruption: null,
  badge: 0,
  archive: [],
  freshness: "unavailable",
  failure: { kind: "not-fetched" },
  manifest: null,
  nextChangeAt: null,
  locale: null,
};

/** The label an action gets when the record gives none. */
export function defaultActionLabel(kind: Kind): string {
  switch (kind) {
    case "WHATS_NEW":
      return "Take a look";
    case "UPDATE_AVAILABLE":
      return "Update now";
    case "NOTICE":
      return "Learn more";
  }
}

/** Each row's message, made once: a poll over the same document gives the same objects. */
const messages = new WeakMap<ManifestRow, HeraldMessage>();

/** A row as a message. */
export function message(row: ManifestRow): HeraldMessage {
  const known = messages.get(row);
  if (known !== undefined) return known;
  const action = row.actionUrl === null ? null : classifyAction(row.actionUrl);
  const made: HeraldMessage = {
    id: row.id,
    row,
    action,
    actionLabel: action === null ? null : (row.actionLabel ?? defaultActionLabel(row.kind)),
  };
  messages.set(row, made);
  return made;
}

/** The state of a decision. */
export function stateOf(
  decision: Decision,
  source: ManifestSource,
  seen: ReadonlySet<string>,
  manifest: "release" | "live" | null,
  nextChangeAt: Timestamp | null,
  locale: string | null,
): HeraldState {
  return {
    wall: decision.wall === null ? null : message(decision.wall),
    interruption:
      decision.interruption === null
        ? null
        : { ...message(decision.interruption.row), shape: decision.interruption.shape },
    badge: decision.badge,
    archive: decision.archive.map((row) => ({ message: message(row), seen: seen.has(row.id) })),
    freshness: source.kind,
    failure: source.kind === "fresh" ? null : source.failure,
    manifest: source.kind === "unavailable" ? null : manifest,
    nextChangeAt: source.kind === "unavailable" ? null : nextChangeAt,
    locale,
  };
}

/**
 * Whether two states show the same thing (rows compared by content, versions included). Rows of
 * the same document are the same objects, so a poll that changed nothing compares identities;
 * only rows from a new copy of a document are compared by their text.
 */
export function sameState(a: HeraldState, b: HeraldState): boolean {
  if (a === b) return true;
  return (
    a.badge === b.badge &&
    a.freshness === b.freshness &&
    a.manifest === b.manifest &&
    a.locale === b.locale &&
    sameValue(a.nextChangeAt, b.nextChangeAt) &&
    sameValue(a.failure, b.failure) &&
    sameMessage(a.wall, b.wall) &&
    sameMessage(a.interruption, b.interruption) &&
    a.interruption?.shape === b.interruption?.shape &&
    a.archive.length === b.archive.length &&
    a.archive.every((entry, index) => {
      const other = b.archive[index];
      return entry.seen === other.seen && sameMessage(entry.message, other.message);
    })
  );
}

function sameMessage(a: HeraldMessage | null, b: HeraldMessage | null): boolean {
  if (a === null || b === null) return a === b;
  return a.row === b.row || sameValue(a.row, b.row);
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** A JSON value. */
export type JSONValue = null | boolean | number | string | JSONValue[] | { [key: string]: JSONValue };

/** The state in the form of conformance/client cases. */
const statementKinds: readonly string[] = ["signature", "key", "channel", "rollback", "expired", "hash"];

export function conformanceValue(state: HeraldState): JSONValue {
  const describe = (value: HeraldMessage | null, shape?: string): JSONValue => {
    if (value === null) return null;
    const fields: { [key: string]: JSONValue } = {
      id: value.id,
      action: value.action === null ? null : { kind: value.action.kind, target: value.action.target },
      label: value.actionLabel,
    };
    if (shape !== undefined) fields.shape = shape;
    return fields;
  };
  const value: { [key: string]: JSONValue } = {
    wall: describe(state.wall),
    interruption: state.interruption === null ? null : describe(state.interruption, state.interruption.shape),
    badge: state.badge,
    archive: state.archive.map((entry) => ({ id: entry.message.id, seen: entry.seen })),
    freshness: state.freshness,
    manifest: state.manifest,
    nextChangeAt: state.nextChangeAt === null ? null : formatTimestamp(state.nextChangeAt),
    locale: state.locale,
  };
  // A signed channel's failure is named, the same in every client; the other reasons depend on
  // how a fault reaches each platform's transport, and are not compared.
  if (state.failure !== null && statementKinds.includes(state.failure.kind)) value.failure = state.failure.kind;
  return value;
}

/**
 * JSON exactly as herald writes it: keys sorted, two-space indentation, a final newline, and the
 * escapes herald uses (U+2028, U+2029 and DEL too, which JSON.stringify leaves raw), so a state
 * written here and one written by the Swift client are the same bytes.
 */
export function writeJSON(value: JSONValue): string {
  return write(value, 0) + "\n";
}

function write(value: JSONValue, indent: number): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return writeString(value);
  const inner = " ".repeat(indent + 2);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return "[\n" + value.map((item) => inner + write(item, indent + 2)).join(",\n") + "\n" + " ".repeat(indent) + "]";
  }
  const keys = Object.keys(value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (keys.length === 0) return "{}";
  return (
    "{\n" +
    keys.map((key) => inner + writeString(key) + ": " + write(value[key], indent + 2)).join(",\n") +
    "\n" +
    " ".repeat(indent) +
    "}"
  );
}

function writeString(text: string): string {
  let result = '"';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    switch (character) {
      case '"':
        result += '\\"';
        break;
      case "\\":
        result += "\\\\";
        break;
      case "\n":
        result += "\\n";
        break;
      case "\r":
        result += "\\r";
        break;
      case "\t":
        result += "\\t";
        break;
      case "\b":
        result += "\\b";
        break;
      case "\f":
        result += "\\f";
        break;
      case "\u2028":
        result += "\\u2028";
        break;
      case "\u2029":
        result += "\\u2029";
        break;
      default:
        result += code < 0x20 || code === 0x7f ? "\\u" + code.toString(16).padStart(4, "0") : character;
    }
  }
  return result + '"';
}
