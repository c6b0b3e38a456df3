import { limits } from "./limits.js";
import { documentProblem } from "./strict.js";
import { parseTimestamp } from "./timestamp.js";
import { parseVersion } from "./version.js";
const severities = new Set(["INFO", "IMPORTANT", "CRITICAL"]);
const kinds = new Set(["WHATS_NEW", "UPDATE_AVAILABLE", "NOTICE"]);
function isObject(value) {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}
/** A present string, or throws (a missing key fails the row, as Swift's Codable does). */
function requiredString(object, key) {
    const value = object[key];
    if (typeof value !== "string")
        throw new Error(`${key} is not a string`);
    return value;
}
/** An absent or null value is null; anything else must read. */
function optional(object, key, read) {
    const value = object[key];
    if (value === undefined || value === null)
        return null;
    const read_ = read(value);
    if (read_ === undefined)
        throw new Error(`${key} cannot be read`);
    return read_;
}
const timestamp = (value) => (typeof value === "string" ? parseTimestamp(value) : undefined);
const version = (value) => (typeof value === "string" ? parseVersion(value) : undefined);
const text = (value) => (typeof value === "string" ? value : undefined);
function strings(value, key) {
    if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
        throw new Error(`${key} is not a list of strings`);
    }
    return value;
}
/**
 * Reads a rollout; throws when it cannot, so the row is left out: a row whose share this app
 * cannot read must not reach everyone.
 */
function readRollout(value) {
    if (!isObject(value) || !Array.isArray(value.steps) || value.steps.length === 0) {
        throw new Error("rollout is not a rollout");
    }
    const salt = requiredString(value, "salt");
    if (salt === "")
        throw new Error("rollout salt is empty");
    const steps = value.steps.map((step) => {
        if (!isObject(step))
            throw new Error("a rollout step is not an object");
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
function remindSeconds(value) {
    if (typeof value !== "number" ||
        !Number.isInteger(value) ||
        value < limits.minimumRemindAfter ||
        value > limits.maximumRemindAfter) {
        throw new Error("remindAfter is not a reminder");
    }
    return value;
}
/** Reads one row; throws when it cannot (the caller leaves it out). */
function readRow(value) {
    if (!isObject(value))
        throw new Error("a row is not an object");
    const severity = requiredString(value, "severity");
    const kind = requiredString(value, "kind");
    if (!severities.has(severity) || !kinds.has(kind))
        throw new Error("unknown severity or kind");
    if (!isObject(value.body))
        throw new Error("body is not an object");
    if (typeof value.blocking !== "boolean")
        throw new Error("blocking is not a boolean");
    const publishedAt = timestamp(value.publishedAt);
    if (!publishedAt)
        throw new Error("publishedAt is not a timestamp");
    const draft = value.draft;
    if (draft !== undefined && draft !== null && typeof draft !== "boolean")
        throw new Error("draft");
    return {
        id: requiredString(value, "id"),
        severity: severity,
        kind: kind,
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
        remindAfter: value.remindAfter === null || value.remindAfter === undefined ? null : remindSeconds(value.remindAfter),
        url: requiredString(value, "url"),
        draft: typeof draft === "boolean" ? draft : null,
    };
}
/** Parses JSON, strictly, and checks the schema version every herald document carries. */
function parseDocument(body) {
    const problem = documentProblem(body);
    if (problem !== null)
        return { ok: false, failure: { kind: "unreadable", reason: problem } };
    let value;
    try {
        value = JSON.parse(body);
    }
    catch (error) {
        return { ok: false, failure: { kind: "unreadable", reason: String(error) } };
    }
    if (!isObject(value))
        return { ok: false, failure: { kind: "unreadable", reason: "not an object" } };
    if (typeof value.schemaVersion === "number" && value.schemaVersion !== 1) {
        return { ok: false, failure: { kind: "unknown-schema", schemaVersion: value.schemaVersion } };
    }
    if (value.schemaVersion !== 1) {
        return { ok: false, failure: { kind: "unreadable", reason: "no schemaVersion" } };
    }
    return { ok: true, value };
}
/** Reads a manifest's text as an app does; a row that cannot be read is left out. */
export function decodeManifest(body) {
    const parsed = parseDocument(body);
    if (!parsed.ok)
        return parsed;
    const document = parsed.value;
    try {
        const scope = requiredString(document, "scope");
        if (scope !== "release" && scope !== "live")
            throw new Error("unknown scope");
        if (!Array.isArray(document.announcements))
            throw new Error("announcements is not a list");
        const announcements = [];
        for (const row of document.announcements) {
            try {
                announcements.push(readRow(row));
            }
            catch {
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
    }
    catch (error) {
        return { ok: false, failure: { kind: "unreadable", reason: String(error) } };
    }
}
/** Reads the channel's text as an app does. */
export function decodeChannel(body) {
    const parsed = parseDocument(body);
    if (!parsed.ok)
        return parsed;
    const document = parsed.value;
    try {
        for (const key of ["title", "language", "baseURL", "archive", "feed", "schema"]) {
            requiredString(document, key);
        }
        if (!isObject(document.platforms))
            throw new Error("platforms is not an object");
        // No prototype: a platform named __proto__ or constructor is a key like any other.
        const platforms = Object.create(null);
        for (const [key, value] of Object.entries(document.platforms)) {
            if (!isObject(value) || !Array.isArray(value.releases))
                throw new Error(`platform ${key}`);
            platforms[key] = {
                live: requiredString(value, "live"),
                releases: value.releases.map((release) => {
                    if (!isObject(release))
                        throw new Error("a release is not an object");
                    return { version: requiredString(release, "version"), manifest: requiredString(release, "manifest") };
                }),
            };
        }
        let locales = null;
        if (document.locales !== undefined && document.locales !== null) {
            if (!Array.isArray(document.locales))
                throw new Error("locales is not a list");
            locales = document.locales.map((entry) => {
                if (!isObject(entry))
                    throw new Error("a locale is not an object");
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
    }
    catch (error) {
        return { ok: false, failure: { kind: "unreadable", reason: String(error) } };
    }
}
