// The few Node.js APIs the Node entry point and the tests use. @types/node is not packaged by
// Debian and nothing is fetched from npm, so these declarations stand in for it (a subset, typed
// as Node 20 documents them).

declare const process: {
  readonly pid: number;
  readonly argv: readonly string[];
  readonly env: Record<string, string | undefined>;
  exitCode: number | undefined;
  readonly stdin: unknown;
  readonly stdout: { write(text: string): boolean };
  readonly stderr: { write(text: string): boolean };
};

declare module "node:fs/promises" {
  export function readFile(path: string, encoding: "utf8"): Promise<string>;
  export function writeFile(path: string, data: string, encoding: "utf8"): Promise<void>;
  export function rename(from: string, to: string): Promise<void>;
  export function mkdir(path: string, options: { recursive: boolean }): Promise<string | undefined>;
  export function mkdtemp(prefix: string): Promise<string>;
  export function readdir(path: string): Promise<string[]>;
  export function rm(path: string, options: { recursive: boolean; force: boolean }): Promise<void>;
}

declare module "node:path" {
  export function join(...parts: string[]): string;
  export function dirname(path: string): string;
}

declare module "node:os" {
  export function tmpdir(): string;
}

declare module "node:url" {
  export function fileURLToPath(url: string): string;
}

declare module "node:test" {
  type Body = (context: { readonly name: string }) => void | Promise<void>;
  export function test(name: string, body: Body): Promise<void>;
  export function describe(name: string, body: () => void | Promise<void>): Promise<void>;
  export function after(body: () => void | Promise<void>): void;
  export function before(body: () => void | Promise<void>): void;
}

declare module "node:assert/strict" {
  function assert(value: unknown, message?: string): asserts value;
  namespace assert {
    function equal<T>(actual: unknown, expected: T, message?: string): asserts actual is T;
    function notEqual(actual: unknown, expected: unknown, message?: string): void;
    function deepEqual<T>(actual: unknown, expected: T, message?: string): asserts actual is T;
    function ok(value: unknown, message?: string): asserts value;
    function fail(message?: string): never;
    function throws(body: () => unknown, error?: Function, message?: string): void;
  }
  export default assert;
}

declare module "node:http" {
  export interface IncomingMessage {
    readonly url?: string;
    readonly method?: string;
    readonly headers: Record<string, string | string[] | undefined>;
  }
  export interface ServerResponse {
    writeHead(status: number, headers?: Record<string, string | number>): this;
    write(chunk: string | Uint8Array): boolean;
    end(chunk?: string | Uint8Array): void;
    readonly socket: { destroy(): void } | null;
    flushHeaders(): void;
  }
  export interface Socket {
    destroy(): void;
    on(event: "close", listener: () => void): void;
  }
  export interface Server {
    listen(port: number, host: string, callback: () => void): this;
    address(): { port: number } | string | null;
    close(callback?: (error?: Error) => void): this;
    closeAllConnections(): void;
    on(event: "connection", listener: (socket: Socket) => void): this;
  }
  export function createServer(handler: (request: IncomingMessage, response: ServerResponse) => void): Server;
}

declare module "node:fs" {
  export function readFileSync(path: string, encoding: "utf8"): string;
  export function readdirSync(path: string): string[];
  export function existsSync(path: string): boolean;
}

declare module "node:readline" {
  export function createInterface(options: { input: unknown; crlfDelay?: number }): AsyncIterable<string>;
}
