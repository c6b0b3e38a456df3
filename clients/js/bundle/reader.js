import { decodeChannel, decodeManifest, } from "./documents.js";
import { hex } from "./sha2.js";
import { editionFor } from "./locale.js";
import { rowsFor } from "./decision.js";
import { readCached, writeCached } from "./storage.js";
import { bodyText } from "./strict.js";
import { limits } from "./limits.js";
import { documentFailure, platformCrypto, verifyStatement, } from "./signing.js";
import { hash } from "./transport.js";
import { compareVersions, parseVersion } from "./version.js";
/** The index URL of a channel given by its base URL or by its index.json itself. */
export function indexURL(channel) {
    if (new URL(channel).pathname.endsWith(".json"))
        return channel;
    return new URL("api/v1/index.json", channel.endsWith("/") ? channel : channel + "/").href;
}
/**
 * Reads what an app of a platform and version receives: the index, then the release's manifest,
 * or live.json filtered by the build's rule; conditional requests against the cache; a body cached
 * only once it reads; after any failure, the cached copy.
 */
export class ChannelReader {
    constructor(index, platform, languages, transport, storage, 
    /** How long a whole read may take, in milliseconds: one deadline for every document it fetches. */
    timeout = limits.defaultTimeout, 
    /** Aborted when the client closes: an exchange under way stops, and no other starts. */
    closing, 
    /** The keys the app pins when the channel is signed (docs/signing.md). */
    pinned = null) {
        this.index = index;
        this.platform = platform;
        this.languages = languages;
        this.transport = transport;
        this.storage = storage;
        this.timeout = timeout;
        this.closing = closing;
        this.pinned = pinned;
        this.parsed = new Map();
        /**
         * Each URL's cached copy as this client last read or wrote it: storage is read once per URL, not
         * at every poll (a copy another client wrote since costs one download, never a wrong answer).
         */
        this.kept = new Map();
        /** When the read under way must end (monotonic milliseconds). */
        this.deadline = Infinity;
    }
    async read(version, now) {
        this.deadline = monotonicNow() + this.timeout;
        // A signed channel's statement comes first: every document after it is checked against it.
        const read = this.pinned === null ? null : await this.readStatement(this.pinned, now);
        if (read !== null && "unavailable" in read) {
            const source = { kind: "unavailable", failure: read.unavailable };
            return { source, scope: null, nextChangeAt: null, maxAge: null, locale: null };
        }
        const signed = read;
        const index = await this.fetch(this.index, async (body) => {
            const failure = signed === null ? null : await this.documentCheck(signed, body, this.index);
            return failure !== null ? { ok: false, failure } : decodeChannel(body);
        });
        if (index.document === null) {
            return {
                source: { kind: "unavailable", failure: index.failure ?? { kind: "not-fetched" } },
                scope: null,
                nextChangeAt: null,
                maxAge: null,
                locale: null,
            };
        }
        const pointer = await this.edition({ channel: index.document, url: this.index, fresh: index.failure === null, maxAge: index.maxAge }, signed);
        const channel = pointer.channel;
        const none = (failure) => ({
            source: { kind: "unavailable", failure },
            scope: null,
            nextChangeAt: null,
            maxAge: null,
            locale: channel.language,
        });
        // An own key only: a platform named constructor or __proto__ is not Object's.
        const platform = Object.prototype.hasOwnProperty.call(channel.platforms, this.platform)
            ? channel.platforms[this.platform]
            : undefined;
        if (platform === undefined) {
            return none({ kind: "unreadable", reason: `the channel has no platform ${this.platform}` });
        }
        const release = platform.releases.find((candidate) => {
            const listed = parseVersion(candidate.version);
            return listed !== undefined && compareVersions(listed, version) === 0;
        });
        let url;
        try {
            url = new URL(release?.manifest ?? platform.live, pointer.url).href;
        }
        catch {
            return none({ kind: "unreadable", reason: "the manifest URL is not a URL" });
        }
        const readManifest = async (body) => {
            const failure = signed === null ? null : await this.documentCheck(signed, body, url);
            return failure !== null ? { ok: false, failure } : this.decodeFor(url, body);
        };
        // A fresh index that names the document's content-addressed copy is read through it: the copy held, when
        // its bytes are the object's, is the document and is never asked for again; any other is fetched once and
        // checked against its hash. A cached index (this read's failed) goes by the canonical URL, whose
        // revalidation decides freshness.
        const object = pointer.fresh ? (release !== undefined ? release.object : platform.liveObject) : null;
        let objectURL = null;
        try {
            objectURL = object === null ? null : new URL(object.url, pointer.url).href;
        }
        catch {
            objectURL = null;
        }
        const manifest = object !== null && objectURL !== null
            ? await this.fetchObject(object, objectURL, url, pointer.maxAge, readManifest)
            : await this.fetch(url, readManifest);
        if (manifest.document === null)
            return none(manifest.failure ?? { kind: "not-fetched" });
        const rows = rowsFor(manifest.document, version, now);
        // Under a statement not believed this time (its cached one stood in), or a wall no pinned wall
        // key signed for, the rows are the archive's and the badge's only.
        const wall = rows.find((row) => row.blocking);
        const signedFailure = signed === null
            ? null
            : (signed.failure ??
                (!signed.statement.wallSigned && wall !== undefined
                    ? { kind: "key", reason: `${wall.id} is a wall, and no pinned wall key signed the statement` }
                    : null));
        if (signedFailure !== null) {
            return {
                source: { kind: "cached", rows, failure: signedFailure },
                scope: manifest.document.scope,
                nextChangeAt: manifest.document.nextChangeAt,
                maxAge: null,
                locale: channel.language,
            };
        }
        return {
            source: manifest.failure === null
                ? { kind: "fresh", rows }
                : { kind: "cached", rows, failure: manifest.failure },
            scope: manifest.document.scope,
            nextChangeAt: manifest.document.nextChangeAt,
            maxAge: manifest.failure === null ? manifest.maxAge : null,
            locale: channel.language,
        };
    }
    /**
     * The channel in the locale the user's languages reach: the root channel for its default locale or a
     * one-language channel. A locale's channel that cannot be read (nor its cached copy) falls back to the root's:
     * a wall in the default language still protects.
     */
    async edition(root, signed) {
        if (root.channel.locales === null)
            return root;
        const locale = editionFor(this.languages, root.channel.locales.map((entry) => entry.locale), root.channel.language);
        const entry = root.channel.locales.find((candidate) => candidate.locale === locale);
        if (locale === root.channel.language || entry === undefined)
            return root;
        let url;
        try {
            url = new URL(entry.index, this.index).href;
        }
        catch {
            return root;
        }
        const localized = await this.fetch(url, async (body) => {
            const failure = signed === null ? null : await this.documentCheck(signed, body, url);
            return failure !== null ? { ok: false, failure } : decodeChannel(body);
        });
        if (localized.document === null)
            return root;
        return { channel: localized.document, url, fresh: localized.failure === null, maxAge: localized.maxAge };
    }
    /**
     * Reads a document through its content-addressed copy, kept under its canonical URL: the copy held, when its
     * bytes are the object's, without a request (fresh, under the index's max-age); else the object, fetched
     * without validators and refused unless its bytes are the ones the index names. A failure falls back to the
     * copy held, as cached.
     */
    async fetchObject(object, objectURL, url, maxAge, read) {
        const crypto = await platformCrypto();
        const holds = async (body) => {
            const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
            return bytes.length === object.bytes && hex(await crypto.sha256(bytes)) === object.sha256;
        };
        const held = this.kept.has(url) ? (this.kept.get(url) ?? null) : await readCached(this.storage, url);
        this.kept.set(url, held);
        if (held !== null && (await holds(held.body))) {
            const decoded = await read(held.body);
            if (decoded.ok)
                return { document: decoded.value, failure: null, maxAge };
        }
        const fallback = async (failure) => {
            const decoded = held === null ? null : await read(held.body);
            return { document: decoded?.ok ? decoded.value : null, failure, maxAge: null };
        };
        const response = await this.within({ url: objectURL, etag: null, lastModified: null });
        switch (response.kind) {
            case "ok": {
                if (!(await holds(response.body))) {
                    return fallback({ kind: "unreadable", reason: "the object's bytes are not the SHA-256 the channel names" });
                }
                const text = bodyText(response.body);
                if ("problem" in text)
                    return fallback({ kind: "unreadable", reason: text.problem });
                const decoded = await read(text.text);
                if (!decoded.ok)
                    return fallback(decoded.failure);
                const copy = { body: text.text, etag: null, lastModified: null };
                this.kept.set(url, copy);
                await writeCached(this.storage, url, copy);
                return { document: decoded.value, failure: null, maxAge };
            }
            case "not-modified":
                // Asked without validators, a 304 is no answer.
                return fallback({ kind: "unreadable", reason: "304 for a request without validators" });
            case "failed":
                return fallback(response.failure);
        }
    }
    /**
     * A manifest of this client's platform: another platform's (a misrouted path, a hand-edited channel) would
     * carry that platform's store links, so it is a failure.
     */
    decodeFor(url, body) {
        const decoded = this.decode(url, body);
        if (!decoded.ok || decoded.value.platform === this.platform)
            return decoded;
        const reason = `the manifest is for ${decoded.value.platform}, not ${this.platform}`;
        return { ok: false, failure: { kind: "unreadable", reason } };
    }
    /** A manifest parsed once per URL and text, so a 304 costs no parse. */
    decode(url, body) {
        const known = this.parsed.get(url);
        if (known !== undefined && known.body === body)
            return known.document;
        const document = decodeManifest(body);
        this.parsed.set(url, { body, document });
        return document;
    }
    /**
     * Reads signed.json beside the index and checks it; one that holds raises the highest generation
     * kept. A cached statement that still holds stands in for one that fails, with its failure; a
     * missing one (404) is a `signature` failure.
     */
    async readStatement(pinned, now) {
        const crypto = await platformCrypto();
        const url = new URL("signed.json", this.index).href;
        const key = generationKey(pinned.channel);
        let highest = null;
        try {
            const kept = await this.storage.getItem(key);
            highest = kept !== null && /^[0-9]+$/.test(kept) ? Number(kept) : null;
        }
        catch {
            highest = null;
        }
        const read = await this.fetch(url, (body) => verifyStatement(body, pinned, highest, now, crypto));
        let failure = read.failure;
        if (failure?.kind === "status" && failure.status === 404) {
            failure = { kind: "signature", reason: "the channel has no signed.json (404)" };
        }
        if (read.document === null)
            return { unavailable: failure ?? { kind: "not-fetched" } };
        if (failure === null && (highest === null || read.document.generation > highest)) {
            try {
                await this.storage.setItem(key, String(read.document.generation));
            }
            catch {
                // Not kept: the next launch checks against the older generation, never a wrong answer.
            }
        }
        const prefix = new URL(".", this.index).href;
        return { statement: read.document, failure, crypto, prefix };
    }
    /** Why a document's text is not the one the statement lists at its URL, if it is not. */
    async documentCheck(signed, body, url) {
        const path = url.startsWith(signed.prefix) ? "api/v1/" + url.slice(signed.prefix.length) : url;
        return documentFailure(body, path, signed.statement, signed.crypto);
    }
    async fetch(url, read) {
        const cached = this.kept.has(url) ? (this.kept.get(url) ?? null) : await readCached(this.storage, url);
        this.kept.set(url, cached);
        const fallback = async (failure) => {
            const decoded = cached === null ? null : await read(cached.body);
            return { document: decoded?.ok ? decoded.value : null, failure, maxAge: null };
        };
        const response = await this.within({ url, etag: cached?.etag ?? null, lastModified: cached?.lastModified ?? null });
        switch (response.kind) {
            case "ok": {
                const text = bodyText(response.body);
                if ("problem" in text)
                    return fallback({ kind: "unreadable", reason: text.problem });
                const decoded = await read(text.text);
                if (!decoded.ok)
                    return fallback(decoded.failure);
                const copy = { body: text.text, etag: response.etag, lastModified: response.lastModified };
                this.kept.set(url, copy);
                await writeCached(this.storage, url, copy);
                return { document: decoded.value, failure: null, maxAge: response.maxAge };
            }
            case "not-modified": {
                const decoded = cached === null ? null : await read(cached.body);
                if (!decoded?.ok) {
                    return { document: null, failure: { kind: "unreadable", reason: "304 without a cached copy" }, maxAge: null };
                }
                return { document: decoded.value, failure: null, maxAge: response.maxAge };
            }
            case "failed":
                return fallback(response.failure);
        }
    }
    /** Fetches with what is left of the deadline, answering timed-out when it passes, whatever the transport does. */
    async within(request) {
        const left = this.deadline - monotonicNow();
        const timedOut = { kind: "failed", failure: { kind: "timed-out" } };
        const closed = { kind: "failed", failure: { kind: "network", reason: "the client was closed" } };
        if (left <= 0)
            return timedOut;
        if (this.closing?.aborted)
            return closed;
        let timer;
        let stop;
        const deadline = new Promise((resolve) => {
            timer = setTimeout(() => resolve(timedOut), left);
            stop = () => resolve(closed);
            this.closing?.addEventListener("abort", stop);
        });
        try {
            return await Promise.race([this.transport.fetch({ ...request, timeout: left, signal: this.closing }), deadline]);
        }
        catch (error) {
            return { kind: "failed", failure: { kind: "network", reason: String(error) } };
        }
        finally {
            clearTimeout(timer);
            if (stop !== undefined)
                this.closing?.removeEventListener("abort", stop);
        }
    }
}
/** The storage key of a signed channel's highest accepted generation. */
export function generationKey(channel) {
    return "herald:generation:" + hash(channel);
}
/** Milliseconds on a clock that never goes back (performance.now where there is one). */
function monotonicNow() {
    const performance = globalThis.performance;
    return performance?.now() ?? Date.now();
}
