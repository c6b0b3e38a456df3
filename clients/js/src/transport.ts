import { isBrowser } from "./browser.js";
import { limits } from "./limits.js";
import { HeraldFailure } from "./documents.js";

/** A conditional GET. */
export interface HeraldRequest {
  readonly url: string;
  readonly etag: string | null;
  readonly lastModified: string | null;
  /** What is left of the refresh's deadline, in milliseconds (the client stops waiting then anyway). */
  readonly timeout?: number;
  /** Aborted when the client is closed: a transport that honours it stops the exchange. */
  readonly signal?: AbortSignal;
}

/** What a fetch gave: never an exception, every failure a value the client fails open on. */
export type HeraldResponse =
  | {
      readonly kind: "ok";
      /** The body: its bytes (read as UTF-8, strictly), or its text when a transport has only that. */
      readonly body: string | Uint8Array;
      readonly etag: string | null;
      readonly lastModified: string | null;
      readonly maxAge: number | null;
    }
  | { readonly kind: "not-modified"; readonly maxAge: number | null }
  | { readonly kind: "failed"; readonly failure: HeraldFailure };

/** How the client fetches a document (an app may route through its own networking). */
export interface HeraldTransport {
  fetch(request: HeraldRequest): Promise<HeraldResponse>;
}

/** Reads `max-age` from a Cache-Control header. */
export function maxAge(cacheControl: string | null): number | null {
  if (cacheControl === null) return null;
  for (const directive of cacheControl.split(",")) {
    const [name, value] = directive.split("=").map((part) => part.trim());
    if (name.toLowerCase() === "max-age" && value !== undefined && /^\d+$/.test(value)) return Number(value);
  }
  return null;
}

/** How `fetchTransport` fetches. */
export interface FetchTransportOptions {
  /** The longest one exchange may take, in milliseconds (default 10 s; a request's own timeout is kept if shorter). */
  timeout?: number;
  /** The largest body read, in bytes after content decoding (default: the protocol's 5 MB). */
  maximumBodySize?: number;
  /** The fetch function (default: the global one). */
  fetch?: typeof fetch;
  /**
   * Extra request headers (an API key of the CDN, an app identifier). In a browser, a header that is not
   * CORS-safelisted makes every request to another origin wait for a preflight the host must answer.
   */
  headers?: Readonly<Record<string, string>>;
  /** The User-Agent to send where the platform allows it (React Native, Node; browsers keep their own). */
  userAgent?: string;
  /**
   * How a cached copy is revalidated. `"headers"` sends `If-None-Match` and `If-Modified-Since` itself (React
   * Native, Node). `"browser"` sends no conditional header and lets the browser's HTTP cache revalidate with
   * its own validators (`cache: "no-cache"`): a conditional header is not CORS-safelisted, so a page on another
   * origin would make every request wait for a preflight. Default: `"browser"` in a browser, else `"headers"`.
   */
  revalidation?: "headers" | "browser";
  /**
   * Who answers for `Content-Encoding`. `"checked"` asks for gzip and refuses a response labelled anything
   * but gzip or identity before reading its body (conformance/transport.json), as the Swift and Kotlin
   * readers do. `"platform"` leaves it to a platform that negotiates and decodes for itself (a browser, whose
   * `Accept-Encoding` a page cannot set, or React Native, whose Android networking stops decoding gzip once
   * the header is set). Default: `"checked"` in Node, else `"platform"`.
   */
  contentEncoding?: "checked" | "platform";
}

/** Whether this is Node.js (not a browser, not React Native), which lets the client set Accept-Encoding. */
function isNode(): boolean {
  const process = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof process?.versions?.node === "string";
}

/** Why a response with this `Content-Encoding` is not read, or null when it is. */
export function encodingProblem(label: string | null): string | null {
  if (label === null) return null;
  const lowered = label.trim().toLowerCase();
  return (limits.readableEncodings as readonly string[]).includes(lowered)
    ? null
    : `Content-Encoding "${label}" is not gzip or identity`;
}

/**
 * Fetches with the platform's `fetch` (React Native, browsers, Node 20), bounding the whole
 * exchange by a timeout (AbortController) and the body by a size limit read as it streams.
 */
export function fetchTransport(options: FetchTransportOptions = {}): HeraldTransport {
  const timeout = options.timeout ?? limits.defaultTimeout;
  const limit = options.maximumBodySize ?? limits.maximumBodySize;
  const fetchFunction = options.fetch ?? fetch;
  const byBrowser = (options.revalidation ?? (isBrowser() ? "browser" : "headers")) === "browser";
  const checksEncoding = (options.contentEncoding ?? (isNode() ? "checked" : "platform")) === "checked";
  return {
    async fetch(request: HeraldRequest): Promise<HeraldResponse> {
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(
        () => {
          timedOut = true;
          controller.abort();
        },
        Math.max(0, Math.min(timeout, request.timeout ?? timeout)),
      );
      const closed = () => controller.abort();
      request.signal?.addEventListener("abort", closed);
      if (request.signal?.aborted) controller.abort();
      try {
        const headers: Record<string, string> = { ...options.headers };
        if (checksEncoding) headers["Accept-Encoding"] = limits.acceptEncoding;
        if (options.userAgent !== undefined) headers["User-Agent"] = options.userAgent;
        if (!byBrowser && request.etag !== null) headers["If-None-Match"] = request.etag;
        if (!byBrowser && request.lastModified !== null) headers["If-Modified-Since"] = request.lastModified;
        // The browser's own cache revalidates (a 304 reaches the page as the cached 200): fresh either way.
        const response = await fetchFunction(request.url, {
          headers,
          signal: controller.signal,
          cache: byBrowser ? "no-cache" : "no-store",
        });
        const age = maxAge(response.headers.get("Cache-Control"));
        if (response.status === 304) return { kind: "not-modified", maxAge: age };
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
      } catch (error) {
        if (timedOut) return { kind: "failed", failure: { kind: "timed-out" } };
        return { kind: "failed", failure: { kind: "network", reason: String(error) } };
      } finally {
        clearTimeout(timer);
        request.signal?.removeEventListener("abort", closed);
      }
    },
  };
}

/** The body's bytes, or null when they grow past the limit (read as a stream where there is one). */
async function readLimited(response: Response, limit: number): Promise<Uint8Array | null> {
  const reader = response.body?.getReader();
  if (!reader) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    return bytes.length > limit ? null : bytes;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
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
export function memoryTransport(
  documents: Readonly<Record<string, string>>,
  faults: Readonly<Record<string, HeraldResponse>> = {},
): HeraldTransport {
  return {
    async fetch(request: HeraldRequest): Promise<HeraldResponse> {
      const fault = faults[request.url];
      if (fault !== undefined) return fault;
      const body = documents[request.url];
      if (body === undefined) return { kind: "failed", failure: { kind: "status", status: 404 } };
      const etag = `"${hash(body)}"`;
      if (request.etag === etag) return { kind: "not-modified", maxAge: 300 };
      return { kind: "ok", body, etag, lastModified: null, maxAge: 300 };
    },
  };
}

/**
 * FNV-1a (64-bit) over the text's UTF-8 bytes, as 16 hexadecimal digits: short storage keys and
 * ETags. Computed in four 16-bit limbs, so no BigInt is needed.
 */
export function hash(text: string): string {
  const value = [0x2325, 0x8422, 0x9ce4, 0xcbf2]; // the offset basis 0xcbf29ce484222325, low limb first
  const prime = [0x01b3, 0x0000, 0x0100, 0x0000]; // 0x100000001b3
  for (const byte of new TextEncoder().encode(text)) {
    value[0] ^= byte;
    let carry = 0;
    const product = [0, 0, 0, 0];
    for (let limb = 0; limb < 4; limb++) {
      let sum = carry;
      for (let index = 0; index <= limb; index++) sum += value[index] * prime[limb - index];
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
