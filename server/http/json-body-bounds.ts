/**
 * Bounds on the shape of a JSON body, checked on its bytes as they arrive: no string longer than
 * `longestString` characters (an escape such as `\/` is one; `\uXXXX` counts five), and at most
 * `outsideStrings` bytes of everything else (brackets, quotes, numbers, whitespace). A call whose
 * body is a few fields around its pictures is so refused as soon as a string passes its largest
 * picture, or the body is not the JSON it takes, instead of once its whole limit (tens of megabytes)
 * has been read.
 */
export interface JsonBounds {
  longestString: number;
  outsideStrings: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Which bound a body passed. */
export type JsonBoundPassed = "string" | "outside";

/** Fed a body's chunks in order; `scan` names the bound passed, once one is. */
export class JsonBoundsScanner {
  readonly #bounds: JsonBounds;
  #inString = false;
  /** Characters of the string being read. */
  #stringLength = 0;
  /** The last chunk ended inside a string on a backslash: the next byte is the escaped one. */
  #escapePending = false;
  #outside = 0;

  constructor(bounds: JsonBounds) {
    this.#bounds = bounds;
  }

  /** The bound this chunk passes, else null. */
  scan(chunk: Uint8Array): JsonBoundPassed | null {
    // Positions of the next quote and backslash, found by the native indexOf (a picture's megabytes
    // of base64 pass at memchr's speed) and looked for again only once passed: linear in the chunk.
    let quote = -2;
    let backslash = -2;
    let at = 0;
    while (at < chunk.length) {
      if (quote !== -1 && quote < at) quote = chunk.indexOf(QUOTE, at);
      if (!this.#inString) {
        const end = quote === -1 ? chunk.length : quote + 1;
        this.#outside += end - at;
        if (this.#outside > this.#bounds.outsideStrings) return "outside";
        if (quote !== -1) {
          this.#inString = true;
          this.#stringLength = 0;
        }
        at = end;
        continue;
      }
      if (this.#escapePending) {
        this.#escapePending = false;
        this.#stringLength += 1;
        at += 1;
        continue;
      }
      if (backslash !== -1 && backslash < at) backslash = chunk.indexOf(BACKSLASH, at);
      const escape = backslash !== -1 && (quote === -1 || backslash < quote);
      const end = escape ? backslash : quote === -1 ? chunk.length : quote;
      this.#stringLength += end - at;
      if (this.#stringLength > this.#bounds.longestString) return "string";
      if (escape) {
        this.#escapePending = true;
        at = end + 1;
      } else if (quote !== -1) {
        this.#inString = false;
        this.#outside += 1;
        at = end + 1;
      } else {
        at = end;
      }
    }
    return null;
  }
}
