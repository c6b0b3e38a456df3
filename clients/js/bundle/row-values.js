import { limits } from "./limits.js";
import { parseTimestamp } from "./timestamp.js";
import { parseVersion } from "./version.js";
/** Whether a JSON value is an object (not null, not a list). */
export function isObject(value) {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}
/** A present value that reads, or throws (a missing key fails the row, as Swift's Codable does). */
export function required(object, key, read) {
    const value = object[key];
    const read_ = value === undefined || value === null ? undefined : read(value);
    if (read_ === undefined)
        throw new Error(`${key} is missing or cannot be read`);
    return read_;
}
/** An absent or null value is null; anything else must read. */
export function optional(object, key, read) {
    const value = object[key];
    if (value === undefined || value === null)
        return null;
    const read_ = read(value);
    if (read_ === undefined)
        throw new Error(`${key} cannot be read`);
    return read_;
}
const severities = new Set(["INFO", "IMPORTANT", "CRITICAL"]);
const kinds = new Set(["WHATS_NEW", "UPDATE_AVAILABLE", "NOTICE"]);
function strings(value) {
    return Array.isArray(value) && value.every((item) => typeof item === "string") ? value : undefined;
}
/**
 * Reads a rollout; throws when it cannot, so the row is left out: a row whose share this app
 * cannot read must not reach everyone.
 */
function rollout(value) {
    if (!isObject(value) || !Array.isArray(value.steps) || value.steps.length === 0) {
        throw new Error("rollout is not a rollout");
    }
    const salt = value.salt;
    if (typeof salt !== "string" || salt === "")
        throw new Error("rollout salt is empty");
    const steps = value.steps.map((step) => {
        if (!isObject(step))
            throw new Error("a rollout step is not an object");
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
    text: (value) => (typeof value === "string" ? value : undefined),
    boolean: (value) => (typeof value === "boolean" ? value : undefined),
    severity: (value) => (typeof value === "string" && severities.has(value) ? value : undefined),
    kind: (value) => (typeof value === "string" && kinds.has(value) ? value : undefined),
    timestamp: (value) => (typeof value === "string" ? parseTimestamp(value) : undefined),
    version: (value) => (typeof value === "string" ? parseVersion(value) : undefined),
    body: (value) => {
        if (!isObject(value))
            return undefined;
        const paragraphs = strings(value.paragraphs);
        const bullets = strings(value.bullets);
        return paragraphs && bullets ? { paragraphs, bullets } : undefined;
    },
    rollout,
    /** A reminder's whole count of seconds, inside the protocol's limits. */
    reminderSeconds: (value) => typeof value === "number" &&
        Number.isInteger(value) &&
        value >= limits.minimumRemindAfter &&
        value <= limits.maximumRemindAfter
        ? value
        : undefined,
};
