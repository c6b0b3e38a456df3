import { isBrowser } from "./browser.js";
import { limits } from "./limits.js";
/** Reads `max-age` from a Cache-Control header. */
export function maxAge(cacheControl) {
    if (cacheControl === null)
        return null;
    for (const directive of cacheControl.split(",")) {
        const [name, value] = directive.split("=").map((part) => part.trim());
        if (name.toLowerCase() === "max-age" && value !== undefined && /^\d+$/.test(value))
            return Number(value);
    }
    return null;
}
/** Whether this is Node.js (not a browser, not React Native), which lets the client set Accept-Encoding. */
function isNode() {
    const process = globalThis.process;
    return typeof process?.versions?.node === "string";
}
/** Why a response with this `Content-Encoding` is not read, or null when it is. */
export function encodingProblem(label) {
    if (label === null)
        return null;
    const lowered = label.trim().toLowerCase();
    return limits.readableEncodings.includes(lowered)
        ? null
        : `Content-Encoding "${label}" is not gzip or identity`;
}
/**
 * Fetches with the platform's `fetch` (React Native, browsers, Node 20), bounding the whole
 * exchange by a timeout (AbortController) and the body by a size limit read as it streams.
 */
export function fetchTransport(options = {}) {
    const timeout = options.timeout ?? limits.defaultTimeout;
    const limit = options.maximumBodySize ?? limits.maximumBodySize;
    const fetchFunction = options.fetch ?? fetch;
    const byBrowser = (options.revalidation ?? (isBrowser() ? "browser" : "headers")) === "browser";
    const checksEncoding = (options.contentEncoding ?? (isNode() ? "checked" : "platform")) === "checked";
    return {
        async fetch(request) {
            const controller = new AbortController();
            let timedOut = false;
            const timer = setTimeout(() => {
                timedOut = true;
                controller.abort();
            }, Math.max(0, Math.min(timeout, request.timeout ?? timeout)));
            const closed = () => controller.abort();
            request.signal?.addEventListener("abort", closed);
            if (request.signal?.aborted)
                controller.abort();
            try {
                const headers = { ...options.headers };
                if (checksEncoding)
                    headers["Accept-Encoding"] = limits.acceptEncoding;
                if (options.userAgent !== undefined)
                    headers["User-Agent"] = options.userAgent;
                if (!byBrowser && request.etag !== null)
                    headers["If-None-Match"] = request.etag;
                if (!byBrowser && request.lastModified !== null)
                    headers["If-Modified-Since"] = request.lastModified;
                // The browser's own cache revalidates (a 304 reaches the page as the cached 200): fresh either way.
                const response = await fetchFunction(request.url, {
                    headers,
                    signal: controller.signal,
                    cache: byBrowser ? "no-cache" : "no-store",
                });
                const age = maxAge(response.headers.get("Cache-Control"));
                if (response.status === 304)
                    return { kind: "not-modified", maxAge: age };
                if (response.status !== 200) {
                    controller.abort();
                    return { kind: "failed", failure: { kind: "status", status: response.status } };
                }
                const problem = checksEncoding ? encodingProblem(response.headers.get("Content-Encoding")) : null;
                if (problem !== null) {
                    controller.abort();
                    return { kind: "failed", failure: { kind: "unreadable", reason: problem } };
                }
                const declared = Number(response.headers.get("Content-Length") ?? "0");
                if (declared > limit) {
                    controller.abort();
                    return { kind: "failed", failure: { kind: "too-large", limit } };
                }
                const body = await readLimited(response, limit);
                if (body === null) {
                    controller.abort();
                    return { kind: "failed", failure: { kind: "too-large", limit } };
                }
                return {
                    kind: "ok",
                    body,
                    etag: response.headers.get("ETag"),
                    lastModified: response.headers.get("Last-Modified"),
                    maxAge: age,
                };
            }
            catch (error) {
                if (timedOut)
                    return { kind: "failed", failure: { kind: "timed-out" } };
                return { kind: "failed", failure: { kind: "network", reason: String(error) } };
            }
            finally {
                clearTimeout(timer);
                request.signal?.removeEventListener("abort", closed);
            }
        },
    };
}
/** The body's bytes, or null when they grow past the limit (read as a stream where there is one). */
async function readLimited(response, limit) {
    const reader = response.body?.getReader();
    if (!reader) {
        const bytes = new Uint8Array(await response.arrayBuffer());
        return bytes.length > limit ? null : bytes;
    }
    const chunks = [];
    let size = 0;
    for (;;) {
        const { done, value } = await reader.read();
        if (done)
            break;
        size += value.length;
        if (size > limit) {
            await reader.cancel();
            return null;
        }
        chunks.push(value);
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.length;
    }
    return bytes;
}
/** Serves documents from memory by URL, with ETags from their text: a fake network. */
export function memoryTransport(documents, faults = {}) {
    return {
        async fetch(request) {
            const fault = faults[request.url];
            if (fault !== undefined)
                return fault;
            const body = documents[request.url];
            if (body === undefined)
                return { kind: "failed", failure: { kind: "status", status: 404 } };
            const etag = `"${hash(body)}"`;
            if (request.etag === etag)
                return { kind: "not-modified", maxAge: 300 };
            return { kind: "ok", body, etag, lastModified: null, maxAge: 300 };
        },
    };
}
/**
 * FNV-1a (64-bit) over the text's UTF-8 bytes, as 16 hexadecimal digits: short storage keys and
 * ETags. Computed in four 16-bit limbs, so no BigInt is needed.
 */
export function hash(text) {
    const value = [0x2325, 0x8422, 0x9ce4, 0xcbf2]; // the offset basis 0xcbf29ce484222325, low limb first
    const prime = [0x01b3, 0x0000, 0x0100, 0x0000]; // 0x100000001b3
    for (const byte of new TextEncoder().encode(text)) {
        value[0] ^= byte;
        let carry = 0;
        const product = [0, 0, 0, 0];
        for (let limb = 0; limb < 4; limb++) {
            let sum = carry;
            for (let index = 0; index <= limb; index++)
                sum += value[index] * prime[limb - index];
            product[limb] = sum % 0x10000;
            carry = Math.floor(sum / 0x10000);
        }
        value.splice(0, 4, ...product);
    }
    return value
        .reverse()
        .map((limb) => limb.toString(16).padStart(4, "0"))
        .join("");
}
