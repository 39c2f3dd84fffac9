import { describe, expect, it } from "vitest";
import { JsonBoundsScanner, type JsonBounds } from "../../server/http/json-body-bounds.ts";

/** The scanner's verdict on `text` fed in pieces of `size` bytes (every chunk boundary is tried). */
function verdict(text: string, bounds: JsonBounds, size: number): string | null {
  const bytes = Buffer.from(text);
  const scanner = new JsonBoundsScanner(bounds);
  for (let at = 0; at < bytes.length; at += size) {
    const refusal = scanner.scan(bytes.subarray(at, at + size));
    if (refusal) return refusal;
  }
  return null;
}

/** The verdicts for every piece size from 1 byte to the whole text. */
function verdicts(text: string, bounds: JsonBounds): Set<string | null> {
  return new Set(Array.from({ length: Buffer.byteLength(text) }, (_, index) => verdict(text, bounds, index + 1)));
}

const bounds = { longestString: 8, outsideStrings: 40 };

describe("JsonBoundsScanner", () => {
  it("lets through strings of the longest length, each escape one character, however the body is cut", () => {
    for (const text of [
      '{"image": "AAAAAAAA", "alt": "12345678"}',
      '{"a": "\\/\\/\\/\\/\\/\\/\\/\\/"}',
      '{"a": "ab\\"cd\\"ef", "b": "\\\\"}',
      '{"a": "\\u00e9abc", "n": [1, 2.5, true, null]}',
      '{"a": "ăîșț"}',
    ]) {
      expect(verdicts(text, bounds), text).toEqual(new Set([null]));
    }
  });

  it("refuses a string one character over, escaped quotes and backslashes inside it, however the body is cut", () => {
    for (const text of [
      '{"image": "AAAAAAAAA"}',
      '{"a": "\\/\\/\\/\\/\\/\\/\\/\\/\\/"}',
      '{"a": "ab\\"cd\\"efg"}',
      '{"a": "\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\"}',
      '{"a": "AAAA\\"AAAA" "x"}',
    ]) {
      expect(verdicts(text, bounds), text).toEqual(new Set(["string"]));
    }
  });

  it("refuses as soon as the string passes its bound, without waiting for its end", () => {
    const scanner = new JsonBoundsScanner({ longestString: 1000, outsideStrings: 100 });
    expect(scanner.scan(Buffer.from(`{"image": "${"A".repeat(1000)}`))).toBeNull();
    expect(scanner.scan(Buffer.from("A"))).toBe("string");
  });

  it("refuses what is not strings past its bound: a body that is not the JSON a call takes", () => {
    expect(verdicts(`{"a": 1${" ".repeat(40)}}`, bounds)).toEqual(new Set(["outside"]));
    expect(verdicts("a".repeat(41), bounds)).toEqual(new Set(["outside"]));
    expect(verdicts("a".repeat(40), bounds)).toEqual(new Set([null]));
  });
});
