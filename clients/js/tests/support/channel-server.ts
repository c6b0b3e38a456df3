import { createServer, IncomingMessage, Server, ServerResponse } from "node:http";
import { hash } from "../../src/transport.js";
import { channelBaseURL, channelDocuments } from "./conformance.js";

/** What the server does instead of serving a path. */
export type Fault =
  | { readonly kind: "status"; readonly status: number }
  /** Answers nothing until the server stops. */
  | { readonly kind: "stall" }
  /** Status 200 with this body. */
  | { readonly kind: "body"; readonly body: string }
  /** Promises a body's length, sends half, and drops the connection. */
  | { readonly kind: "cut" }
  /** Status 200 with these bytes, sent as `Content-Encoding: gzip` (which fetch decodes). */
  | { readonly kind: "gzip"; readonly bytes: Uint8Array }
  /** Waits that many milliseconds, then serves the document as usual. */
  | { readonly kind: "delay"; readonly milliseconds: number };

/** A request the server saw. */
export interface Seen {
  readonly path: string;
  readonly ifNoneMatch: string | null;
  readonly status: number;
  /** Every request header, by lowercased name. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/**
 * A real HTTP server on loopback serving a conformance channel (its URLs rewritten to the server's
 * own), with ETags, `Cache-Control: max-age=300`, 304s, and faults injected per path.
 */
export class ChannelServer {
  readonly requests: Seen[] = [];
  private documents = new Map<string, string>();
  private readonly faults = new Map<string, Fault>();
  private readonly sockets = new Set<{ destroy(): void }>();
  private readonly server: Server;
  private port = 0;

  private constructor() {
    this.server = createServer((request, response) => this.reply(request, response));
    this.server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
  }

  /** Starts a server on an ephemeral loopback port, serving a channel of conformance/client/channels. */
  static async start(channel: string): Promise<ChannelServer> {
    const server = new ChannelServer();
    await new Promise<void>((resolve) => server.server.listen(0, "127.0.0.1", resolve));
    const address = server.server.address();
    server.port = typeof address === "object" && address !== null ? address.port : 0;
    server.publish(channel);
    return server;
  }

  /** The channel's base URL on this server. */
  get baseURL(): string {
    return `http://127.0.0.1:${this.port}/news/`;
  }

  /** Serves another channel from now on, as a rebuild does. */
  publish(channel: string): void {
    const original = channelBaseURL(channel);
    const documents = new Map<string, string>();
    for (const [url, body] of Object.entries(channelDocuments(channel))) {
      const path = "/news/" + url.slice(original.length);
      documents.set(path, body.split(original).join(this.baseURL));
    }
    this.documents = documents;
  }

  /** Makes a path fail, or serve again with undefined. */
  inject(path: string, fault: Fault | undefined): void {
    if (fault === undefined) this.faults.delete(path);
    else this.faults.set(path, fault);
  }

  /** The requests for a path so far. */
  requestsFor(path: string): Seen[] {
    return this.requests.filter((request) => request.path === path);
  }

  /** Stops listening and drops every connection (stalled ones included). */
  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  private reply(request: IncomingMessage, response: ServerResponse, delayed = false): void {
    const path = request.url ?? "/";
    const header = request.headers["if-none-match"];
    const ifNoneMatch = typeof header === "string" ? header : null;
    const log = (status: number) => this.requests.push({ path, ifNoneMatch, status, headers: request.headers });
    const fault = this.faults.get(path);
    if (fault?.kind === "stall") return;
    if (fault?.kind === "delay" && !delayed) {
      setTimeout(() => this.reply(request, response, true), fault.milliseconds);
      return;
    }
    if (fault?.kind === "gzip") {
      log(200);
      response.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip" }).end(fault.bytes);
      return;
    }
    if (fault?.kind === "status") {
      log(fault.status);
      response.writeHead(fault.status, { "Content-Type": "text/plain" }).end("fault\n");
      return;
    }
    if (fault?.kind === "body") {
      log(200);
      response.writeHead(200, { "Content-Type": "application/json" }).end(fault.body);
      return;
    }
    const body = this.documents.get(path);
    if (body === undefined) {
      log(404);
      response.writeHead(404, { "Content-Type": "text/plain" }).end("not found\n");
      return;
    }
    const bytes = new TextEncoder().encode(body);
    if (fault?.kind === "cut") {
      log(200);
      response.writeHead(200, { "Content-Type": "application/json", "Content-Length": bytes.length });
      response.write(bytes.slice(0, bytes.length >> 1));
      response.socket?.destroy();
      return;
    }
    const etag = `"${hash(body)}"`;
    const headers = { "Cache-Control": "public, max-age=300", ETag: etag };
    if (ifNoneMatch === etag) {
      log(304);
      response.writeHead(304, headers).end();
      return;
    }
    log(200);
    response
      .writeHead(200, { ...headers, "Content-Type": "application/json", "Content-Length": bytes.length })
      .end(bytes);
  }
}
