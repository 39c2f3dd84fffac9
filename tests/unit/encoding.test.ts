import { describe, expect, it } from "vitest";
import { chooseEncoding, encodedEtag, etagMatches, isCompressible } from "../../server/http/encoding.ts";

describe("chooseEncoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["br", "br"],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0, gzip;q=0", "identity"],
    ["br; q=0.0, gzip; q=0.5", "gzip"],
    ["*", "br"],
    ["*;q=0, gzip", "gzip"],
    ["identity", "identity"],
    ["deflate", "identity"],
    ["", "identity"],
    [null, "identity"],
    [" BR ", "br"],
  ] as const)("%j gives %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe("ETags per coding", () => {
  it("appends the coding, keeping a weak tag weak", () => {
    expect(encodedEtag('"abc"', "br")).toBe('"abc-br"');
    expect(encodedEtag('W/"abc"', "gzip")).toBe('W/"abc-gzip"');
    expect(encodedEtag('"abc"', "identity")).toBe('"abc"');
  });

  it("matches If-None-Match in its strong, weak, list and * forms, and nothing else", () => {
    expect(etagMatches('"abc-br"', '"abc-br"')).toBe(true);
    expect(etagMatches('W/"abc-br"', '"abc-br"')).toBe(true);
    expect(etagMatches('"x", W/"abc-br" , "y"', '"abc-br"')).toBe(true);
    expect(etagMatches("*", '"abc-br"')).toBe(true);
    expect(etagMatches('"abc"', '"abc-br"')).toBe(false);
    expect(etagMatches('"abc-gzip"', '"abc-br"')).toBe(false);
    expect(etagMatches("", '"abc"')).toBe(false);
    expect(etagMatches(null, '"abc"')).toBe(false);
  });
});

describe("isCompressible", () => {
  it.each([
    ["text/html; charset=utf-8", true],
    ["application/json", true],
    ["text/javascript; charset=utf-8", true],
    ["image/svg+xml", true],
    ["application/xml", true],
    ["application/manifest+json", true],
    ["image/avif", false],
    ["image/jpeg", false],
    [null, false],
  ] as const)("%s: %s", (type, expected) => {
    expect(isCompressible(type)).toBe(expected);
  });
});
