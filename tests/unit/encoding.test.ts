import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  brotliWindowBits,
  chooseEncoding,
  compress,
  encodedEtag,
  etagMatches,
  isCompressible,
} from "../../server/http/encoding.ts";

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

/** The window a brotli stream declares in its first bits (RFC 7932 § 9.2), read least significant bit first. */
function declaredWindowBits(stream: Uint8Array): number {
  let position = 0;
  const bits = (count: number) => {
    let value = 0;
    for (let i = 0; i < count; i++, position++) value |= ((stream[position >> 3] >> (position & 7)) & 1) << i;
    return value;
  };
  if (bits(1) === 0) return 16;
  const n = bits(3);
  if (n !== 0) return 17 + n;
  const m = bits(3);
  return m === 0 ? 17 : 8 + m;
}

describe("compress", () => {
  it("fits brotli's window to the body, as brotli's own tool does: the smallest that reaches back over all of it", () => {
    expect(brotliWindowBits(0)).toBe(10);
    expect(brotliWindowBits(1008)).toBe(10);
    expect(brotliWindowBits(1009)).toBe(11);
    expect(brotliWindowBits(2 ** 16 - 16)).toBe(16);
    expect(brotliWindowBits(2 ** 16 - 15)).toBe(17);
    expect(brotliWindowBits(2 ** 30)).toBe(24);
  });

  // A 40 KB API reply compressed per request: before, every call declared (and allocated) a 4 MB window.
  it.each(["fast", "max"] as const)(
    "declares the fitted window in the brotli stream (%s) and decodes to the same bytes",
    async (effort) => {
      const body = new TextEncoder().encode(
        JSON.stringify(
          Array.from({ length: 700 }, (_, i) => ({ id: i, name: `Excavator ${i}`, note: "șenile, cupă" })),
        ),
      );
      expect(body.byteLength).toBeGreaterThan(2 ** 15);
      expect(body.byteLength).toBeLessThan(2 ** 16 - 16);
      const coded = await compress(body, "br", effort);
      expect(declaredWindowBits(coded)).toBe(16);
      expect(new Uint8Array(brotliDecompressSync(coded))).toEqual(body);
      expect(coded.byteLength).toBeLessThan(body.byteLength / 4);
    },
  );

  it("reaches back over the whole body: a repeat as far back as the window allows is still found", async () => {
    const random = new Uint8Array(2 ** 14 - 16 - 1);
    for (let i = 0; i < random.length; i++) random[i] = (i * 2654435761) >>> 24;
    const body = new Uint8Array([...random, ...random]);
    expect(brotliWindowBits(body.byteLength)).toBe(15);
    const coded = await compress(body, "br", "fast");
    expect(new Uint8Array(brotliDecompressSync(coded))).toEqual(body);
    // The second copy costs next to nothing only if the encoder saw the first one.
    const once = await compress(random, "br", "fast");
    expect(coded.byteLength).toBeLessThan(once.byteLength * 1.1);
  });

  it("gzips to the same bytes", async () => {
    const body = new TextEncoder().encode("macara ".repeat(1000));
    expect(new Uint8Array(gunzipSync(await compress(body, "gzip", "fast")))).toEqual(body);
  });
});
