import { isObject, optional, readers, required } from "./row-values.js";
import { readRow } from "./row.js";
import { limits } from "./limits.js";
import { documentProblem } from "./strict.js";
/**
 * An object entry that is there and well made, else null: the reader then fetches the canonical URL, as in a
 * channel built before objects (a wrong entry costs a request, never the document).
 */
function readObject(value) {
    if (!isObject(value))
        return null;
    const { url, sha256, bytes } = value;
    if (typeof url !== "string" || typeof sha256 !== "string" || !/^[0-9a-f]{64}$/.test(sha256))
        return null;
    if (typeof bytes !== "number" || !Number.isInteger(bytes) || bytes < 0 || bytes > limits.maximumBodySize) {
        return null;
    }
    return { url, sha256, bytes };
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
        const scope = required(document, "scope", readers.text);
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
                platform: required(document, "platform", readers.text),
                version: optional(document, "version", readers.text),
                nextChangeAt: optional(document, "nextChangeAt", readers.timestamp),
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
            required(document, key, readers.text);
        }
        if (!isObject(document.platforms))
            throw new Error("platforms is not an object");
        // No prototype: a platform named __proto__ or constructor is a key like any other.
        const platforms = Object.create(null);
        for (const [key, value] of Object.entries(document.platforms)) {
            if (!isObject(value) || !Array.isArray(value.releases))
                throw new Error(`platform ${key}`);
            platforms[key] = {
                live: required(value, "live", readers.text),
                liveObject: readObject(value.liveObject),
                releases: value.releases.map((release) => {
                    if (!isObject(release))
                        throw new Error("a release is not an object");
                    return {
                        version: required(release, "version", readers.text),
                        manifest: required(release, "manifest", readers.text),
                        object: readObject(release.object),
                    };
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
    }
    catch (error) {
        return { ok: false, failure: { kind: "unreadable", reason: String(error) } };
    }
}
