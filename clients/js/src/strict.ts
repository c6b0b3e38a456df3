import { limits } from "./limits.js";

/** A body's text, or why it is no document: bytes are read as UTF-8, strictly. */
export function bodyText(body: string | Uint8Array): { text: string } | { problem: string } {
  if (typeof body === "string") return { text: body };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body) };
  } catch {
    return { problem: "it is not UTF-8" };
  }
}

/**
 * Why a document's text is not one every client reads the same way (docs/client-protocol.md §1), or null: no
 * byte-order mark, RFC 8259 JSON (but for raw control characters inside strings, which JSON.parse refuses after
 * it), no key twice in one object, no lone surrogate, nesting at most `limits.maximumDepth` deep. JSON.parse
 * keeps the last of two keys where another parser keeps the first, so a channel using them could wall one
 * client's users and not another's: every client refuses it instead.
 */
export function documentProblem(text: string): string | null {
  return new Scanner(text).problem();
}

class Failure extends Error {}

/** Whether a text has no lone surrogate: natively where the engine can (ES2024), else by a pattern. */
const wellFormed: (text: string) => boolean =
  typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === "function"
    ? (text) => (text as unknown as { isWellFormed(): boolean }).isWellFormed()
    : (text) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/.test(text);

/** One pass over the text; depth is bounded by the limit, not by the stack. */
class Scanner {
  private index = 0;
  /** The next backslash at or after some earlier index (-1: none is left). */
  private backslash = 0;
  /**
   * The keys of each open object (null for an open array), innermost last: a list while it is
   * short (a manifest has thousands of small objects, and a set each was a fifth of the check),
   * a set once it is not, so a hostile object of many keys stays linear.
   */
  private readonly open: (string[] | Set<string> | null)[] = [];

  constructor(private readonly text: string) {}

  problem(): string | null {
    try {
      if (this.text.charCodeAt(0) === 0xfeff) return "it starts with a byte-order mark";
      // A lone surrogate in the text itself (a transport that handed over text, not bytes).
      if (!wellFormed(this.text)) return "it has a lone surrogate";
      this.value();
      this.skipSpace();
      if (this.index !== this.text.length) this.fail("it has more after the document");
      return null;
    } catch (error) {
      if (error instanceof Failure) return error.message;
      throw error;
    }
  }

  private fail(reason: string): never {
    throw new Failure(`${reason} (at character ${this.index})`);
  }

  private peek(): number {
    return this.index < this.text.length ? this.text.charCodeAt(this.index) : -1;
  }

  private skipSpace(): void {
    for (;;) {
      const character = this.peek();
      if (character !== 0x20 && character !== 0x0a && character !== 0x0d && character !== 0x09) return;
      this.index++;
    }
  }

  private value(): void {
    this.start();
    while (this.open.length > 0) {
      this.skipSpace();
      const isObject = this.open[this.open.length - 1] !== null;
      const character = this.peek();
      if (character === 0x2c) {
        this.index++;
        if (isObject) this.member();
        else this.start();
      } else if ((character === 0x7d && isObject) || (character === 0x5d && !isObject)) {
        this.index++;
        this.open.pop();
      } else {
        this.fail("it is not JSON");
      }
    }
  }

  private start(): void {
    this.skipSpace();
    const character = this.peek();
    if (character === 0x7b || character === 0x5b) {
      const isObject = character === 0x7b;
      if (this.open.length >= limits.maximumDepth) this.fail(`it nests deeper than ${limits.maximumDepth}`);
      this.index++;
      this.open.push(isObject ? [] : null);
      this.skipSpace();
      if (this.peek() === (isObject ? 0x7d : 0x5d)) {
        this.index++;
        this.open.pop();
      } else if (isObject) {
        this.member();
      } else {
        this.start();
      }
    } else if (character === 0x22) {
      this.string(false);
    } else if (character === 0x74) {
      this.literal("true");
    } else if (character === 0x66) {
      this.literal("false");
    } else if (character === 0x6e) {
      this.literal("null");
    } else if (character === 0x2d || (character >= 0x30 && character <= 0x39)) {
      this.number();
    } else {
      this.fail(character === -1 ? "it ends before a value" : "it is not JSON");
    }
  }

  private member(): void {
    this.skipSpace();
    if (this.peek() !== 0x22) this.fail("it is not JSON");
    const key = this.string(true);
    const depth = this.open.length - 1;
    const keys = this.open[depth];
    if (keys === null || keys === undefined) return this.fail("it is not JSON");
    if (Array.isArray(keys)) {
      if (keys.includes(key)) this.fail(`it has the key "${key}" twice in one object`);
      keys.push(key);
      if (keys.length > 32) this.open[depth] = new Set(keys);
    } else {
      if (keys.has(key)) this.fail(`it has the key "${key}" twice in one object`);
      keys.add(key);
    }
    this.skipSpace();
    if (this.peek() !== 0x3a) this.fail("it is not JSON");
    this.index++;
    this.start();
  }

  private literal(word: string): void {
    if (!this.text.startsWith(word, this.index)) this.fail("it is not JSON");
    this.index += word.length;
  }

  private digits(): number {
    const start = this.index;
    while (this.peek() >= 0x30 && this.peek() <= 0x39) this.index++;
    return this.index - start;
  }

  private number(): void {
    const start = this.index;
    if (this.peek() === 0x2d) this.index++;
    if (this.peek() === 0x30) this.index++;
    else if (this.digits() === 0) this.fail("it is not JSON");
    if (this.peek() === 0x2e) {
      this.index++;
      if (this.digits() === 0) this.fail("it is not JSON");
    }
    if (this.peek() === 0x65 || this.peek() === 0x45) {
      this.index++;
      if (this.peek() === 0x2b || this.peek() === 0x2d) this.index++;
      if (this.digits() === 0) this.fail("it is not JSON");
    }
    // A number no double holds (1e99999) is infinite here and refused elsewhere: refused everywhere.
    if (!Number.isFinite(Number(this.text.slice(start, this.index)))) this.fail("it has a number beyond a double");
  }

  /**
   * Reads a string; with `keep`, returns its text with the escapes undone (else ""). Its plain text
   * is passed by searching for the next quote and backslash (a character at a time, a 5 MB manifest
   * took three times as long to check as to parse); a raw control character in it is refused by
   * JSON.parse, which reads every document after this check.
   */
  private string(keep: boolean): string {
    this.index++;
    let text = "";
    for (;;) {
      const quote = this.text.indexOf('"', this.index);
      if (quote < 0) this.fail("it ends inside a string");
      if (this.backslash !== -1 && this.backslash < this.index) {
        this.backslash = this.text.indexOf("\\", this.index);
      }
      if (this.backslash === -1 || this.backslash > quote) {
        if (keep) text += this.text.slice(this.index, quote);
        this.index = quote + 1;
        return text;
      }
      if (keep) text += this.text.slice(this.index, this.backslash);
      this.index = this.backslash + 1;
      const escaped = this.escape();
      if (keep) text += escaped;
    }
  }

  private escape(): string {
    const character = this.text[this.index];
    this.index++;
    switch (character) {
      case '"':
      case "\\":
      case "/":
        return character;
      case "b":
        return "\b";
      case "f":
        return "\f";
      case "n":
        return "\n";
      case "r":
        return "\r";
      case "t":
        return "\t";
      case "u": {
        const unit = this.hexUnit();
        if (unit >= 0xdc00 && unit <= 0xdfff) this.fail("it escapes a lone surrogate");
        if (unit < 0xd800 || unit > 0xdbff) return String.fromCharCode(unit);
        if (!this.text.startsWith("\\u", this.index)) this.fail("it escapes a lone surrogate");
        this.index += 2;
        const low = this.hexUnit();
        if (low < 0xdc00 || low > 0xdfff) this.fail("it escapes a lone surrogate");
        return String.fromCharCode(unit, low);
      }
      default:
        return this.fail(character === undefined ? "it ends inside a string" : "it has an unknown escape");
    }
  }

  private hexUnit(): number {
    const digits = this.text.slice(this.index, this.index + 4);
    if (!/^[0-9A-Fa-f]{4}$/.test(digits)) this.fail("it has an unknown escape");
    this.index += 4;
    return parseInt(digits, 16);
  }
}
