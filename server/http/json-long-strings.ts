import { isAscii } from "node:buffer";
import { randomBytes } from "node:crypto";

/**
 * A JSON body read as it arrives without ever holding its whole text: each string value longer than
 * `LONG_STRING_BYTES` (a picture's base64) is parsed on its own as soon as its closing quote arrives,
 * its bytes let go, and a placeholder stands in the rest of the body (its "skeleton": the few fields
 * around the pictures). Once the body has ended, the skeleton is parsed and each placeholder replaced
 * by its string. JSON.parse does all the parsing, but of a long string of plain printable ASCII with
 * no escape, which is taken as it is (stringOf: what JSON.parse would give), so the value, and what
 * is refused as malformed, are exactly those of parsing the whole text at once (a UTF-8 byte sequence
 * never spans a quote, and a leading byte-order mark stays at the skeleton's start, where the decoder
 * drops it as it would).
 * A long string used as a key stays in the skeleton as it was written.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const isWhitespace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** Shorter strings stay in the skeleton: only a picture is worth the placeholder. */
export const LONG_STRING_BYTES = 64 * 1024;

/**
 * A JSON string's text holds a character it must escape (a control character), or an escape. No `"`
 * to look for: a string ends at its first quote not escaped, so without a backslash it holds none.
 */
// eslint-disable-next-line no-control-regex -- the control characters JSON refuses unescaped are what it looks for
const ESCAPED_OR_CONTROL = /[\x00-\x1f\\]/;

/**
 * The value of a long JSON string from its raw bytes, quotes included. A picture's base64 is plain
 * printable ASCII, which is its own value: read as Latin-1 it becomes one string held outside V8's
 * heap (Node makes a text of a megabyte and more an external string), copied once, where decoding
 * it as UTF-8 then parsing it made two copies on the heap, which grew it by 2 × a picture for each
 * picture (decision 095). Anything else (an escape, a control character, UTF-8) is parsed by
 * JSON.parse, as is whatever it must refuse.
 */
function stringOf(raw: Buffer): string {
  if (isAscii(raw)) {
    const text = raw.toString("latin1", 1, raw.length - 1);
    if (!ESCAPED_OR_CONTROL.test(text)) return text;
  }
  return JSON.parse(new TextDecoder().decode(raw)) as string;
}

export class JsonLongStrings {
  readonly #longBytes: number;
  /** A placeholder names its string by number after this request's nonce: a value sent can never be one. */
  readonly #nonce = randomBytes(16).toString("hex");
  readonly #skeleton: Uint8Array[] = [];
  readonly #strings = new Map<string, string>();
  /** The raw bytes of the long strings parsed so far, let go once parsed (a reader may collect them). */
  #longStringBytes = 0;
  get longStringBytes(): number {
    return this.#longStringBytes;
  }
  #inString = false;
  #escapePending = false;
  /** The raw bytes of the string being read, its quotes included, and their count. */
  #string: Uint8Array[] = [];
  #stringBytes = 0;
  /** A long string that has ended, kept until the next token says whether it was a key; the whitespace after it. */
  #ended: Uint8Array[] | null = null;
  #afterEnded: number[] = [];

  /** `longBytes`: how many bytes, quotes included, make a string long (smaller in tests). */
  constructor(longBytes = LONG_STRING_BYTES) {
    this.#longBytes = longBytes;
  }

  /** Takes the body's next chunk. Throws a SyntaxError when a long string is not valid JSON. */
  push(chunk: Uint8Array): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.#inString) {
        at = this.#readString(chunk, at);
        continue;
      }
      if (this.#ended) {
        const byte = chunk[at];
        if (isWhitespace(byte)) {
          this.#afterEnded.push(byte);
          at += 1;
          continue;
        }
        this.#settleEnded(byte === COLON);
      }
      const quote = chunk.indexOf(QUOTE, at);
      const end = quote === -1 ? chunk.length : quote;
      if (end > at) this.#skeleton.push(chunk.slice(at, end));
      if (quote === -1) return;
      this.#inString = true;
      this.#string = [];
      this.#stringBytes = 0;
      at = this.#readString(chunk, quote, 1);
    }
  }

  /** The body's value, once every chunk has been pushed. Throws a SyntaxError when it is not JSON. */
  value(): unknown {
    if (this.#inString) this.#keepInSkeleton(this.#string);
    else if (this.#ended) this.#settleEnded(false);
    const text = new TextDecoder().decode(Buffer.concat(this.#skeleton));
    this.#skeleton.length = 0;
    const strings = this.#strings;
    if (strings.size === 0) return JSON.parse(text);
    return JSON.parse(text, (_key, value: unknown) =>
      typeof value === "string" && strings.has(value) ? strings.get(value) : value,
    );
  }

  /** Reads string bytes from `from` (`skip` of them already known: the opening quote); returns where it stopped. */
  #readString(chunk: Uint8Array, from: number, skip = 0): number {
    // The next quote and backslash are found by the native indexOf and looked for again only once
    // passed, so that a text of many escapes stays linear in its chunk.
    let quote = -2;
    let backslash = -2;
    let at = from + skip;
    while (at < chunk.length) {
      if (this.#escapePending) {
        this.#escapePending = false;
        at += 1;
        continue;
      }
      if (quote !== -1 && quote < at) quote = chunk.indexOf(QUOTE, at);
      if (backslash !== -1 && backslash < at) backslash = chunk.indexOf(BACKSLASH, at);
      if (backslash !== -1 && (quote === -1 || backslash < quote)) {
        this.#escapePending = true;
        at = backslash + 1;
        continue;
      }
      if (quote === -1) break;
      this.#take(chunk.subarray(from, quote + 1));
      this.#inString = false;
      this.#endString();
      return quote + 1;
    }
    this.#take(chunk.subarray(from, chunk.length));
    return chunk.length;
  }

  #take(bytes: Uint8Array): void {
    // A view, not a copy: a long string's bytes are most of the chunks they come in, and a short one's
    // are copied into the skeleton as soon as it ends.
    this.#string.push(bytes);
    this.#stringBytes += bytes.byteLength;
  }

  #endString(): void {
    if (this.#stringBytes <= this.#longBytes) this.#keepInSkeleton(this.#string);
    else {
      this.#ended = this.#string;
      this.#afterEnded = [];
    }
    this.#string = [];
  }

  /** The ended long string is a key (kept as written) or a value (parsed now, a placeholder in its place). */
  #settleEnded(isKey: boolean): void {
    const raw = this.#ended ?? [];
    this.#ended = null;
    if (isKey) this.#keepInSkeleton(raw);
    else {
      const placeholder = `${this.#nonce}:${this.#strings.size}`;
      const bytes = Buffer.concat(raw);
      this.#longStringBytes += bytes.byteLength;
      this.#strings.set(placeholder, stringOf(bytes));
      this.#skeleton.push(Buffer.from(JSON.stringify(placeholder)));
    }
    this.#skeleton.push(Uint8Array.from(this.#afterEnded));
    this.#afterEnded = [];
  }

  /** Copied: a chunk is let go once read, not kept alive by a view of a few of its bytes. */
  #keepInSkeleton(raw: readonly Uint8Array[]): void {
    for (const bytes of raw) this.#skeleton.push(bytes.slice());
  }
}
