import { describe, expect, it } from "vitest";
import { decodeBmp, isBmp } from "../../server/media/bmp.ts";
import { makeBmp, type BmpSpec } from "../helpers/bmp-file.ts";

function pixels(spec: BmpSpec): number[] {
  const result = decodeBmp(makeBmp(spec), 1_000_000);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return [...result.pixels.data];
}

describe("decodeBmp", () => {
  it("reads 24-bit rows stored bottom-up as RGB top to bottom", () => {
    // BGR bytes: red, green / blue, white.
    const spec = {
      width: 2,
      height: 2,
      bitsPerPixel: 24,
      rows: [
        [0, 0, 255, 0, 255, 0],
        [255, 0, 0, 255, 255, 255],
      ],
    };
    expect(pixels(spec)).toEqual([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]);
  });

  it("reads top-down files the same", () => {
    const spec = {
      width: 1,
      height: 2,
      bitsPerPixel: 24,
      topDown: true,
      rows: [
        [0, 0, 255],
        [255, 0, 0],
      ],
    };
    expect(pixels(spec)).toEqual([255, 0, 0, 0, 0, 255]);
  });

  it("reads 8-bit and 1-bit palettes, bits packed across bytes", () => {
    const palette: [number, number, number][] = [
      [0, 0, 0],
      [250, 120, 10],
    ];
    expect(pixels({ width: 3, height: 1, bitsPerPixel: 8, palette, rows: [[1, 0, 1]] })).toEqual([
      250, 120, 10, 0, 0, 0, 250, 120, 10,
    ]);
    const nine = pixels({ width: 9, height: 1, bitsPerPixel: 1, palette, rows: [[0b10000001, 0b10000000]] });
    expect(nine.filter((_, index) => index % 3 === 0)).toEqual([250, 0, 0, 0, 0, 0, 0, 250, 250]);
  });

  it("reads 32-bit pixels with bit fields and alpha (V4 header) as RGBA", () => {
    const spec = {
      width: 1,
      height: 1,
      bitsPerPixel: 32,
      compression: 3,
      headerSize: 108,
      masks: [0x00ff0000, 0x0000ff00, 0x000000ff, 0xff000000],
      rows: [[30, 20, 10, 128]],
    };
    const result = decodeBmp(makeBmp(spec), 100);
    expect(result.ok && result.pixels.channels).toBe(4);
    expect(pixels(spec)).toEqual([10, 20, 30, 128]);
  });

  it("reads 16-bit 5-6-5 bit fields, scaling each channel to 8 bits", () => {
    const spec = {
      width: 1,
      height: 1,
      bitsPerPixel: 16,
      compression: 3,
      masks: [0xf800, 0x07e0, 0x001f],
      rows: [[0x1f, 0xf8]],
    };
    expect(pixels(spec)).toEqual([255, 0, 255]);
  });

  it("reads plain 32-bit pixels as opaque RGB", () => {
    expect(pixels({ width: 1, height: 1, bitsPerPixel: 32, rows: [[3, 2, 1, 0]] })).toEqual([1, 2, 3]);
  });

  it.each([
    [
      "RLE compression",
      {
        width: 1,
        height: 1,
        bitsPerPixel: 8,
        compression: 1,
        palette: [[0, 0, 0]] as [number, number, number][],
        rows: [[0]],
      },
    ],
    ["two planes", { width: 1, height: 1, bitsPerPixel: 24, planes: 2, rows: [[0, 0, 0]] }],
    [
      "a palette index past the palette",
      { width: 1, height: 1, bitsPerPixel: 8, palette: [[0, 0, 0]] as [number, number, number][], rows: [[5]] },
    ],
    ["2 bits per pixel", { width: 1, height: 1, bitsPerPixel: 2, rows: [[0]] }],
    [
      "gapped bit fields",
      { width: 1, height: 1, bitsPerPixel: 16, compression: 3, masks: [0xf00f, 0x00f0, 0x0f00], rows: [[0, 0]] },
    ],
  ])("refuses %s", (_label, spec) => {
    expect(decodeBmp(makeBmp(spec), 100)).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses the OS/2 header and headers of unknown size", () => {
    for (const size of [12, 64, 0, 0xffffffff]) {
      const file = makeBmp({ width: 1, height: 1, bitsPerPixel: 24, rows: [[0, 0, 0]] });
      file.writeUInt32LE(size, 14);
      expect(decodeBmp(file, 100)).toEqual({ ok: false, reason: "invalid" });
    }
  });

  it("refuses a file whose pixels are cut short", () => {
    const file = makeBmp({ width: 4, height: 4, bitsPerPixel: 24, rows: [] });
    expect(decodeBmp(file.subarray(0, file.length - 1), 100)).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses a canvas over the pixel limit before reading or allocating anything", () => {
    const header = makeBmp({ width: 1, height: 1, bitsPerPixel: 24, rows: [[0, 0, 0]] });
    header.writeInt32LE(20_000, 18);
    header.writeInt32LE(20_000, 22);
    expect(decodeBmp(header, 40_000_000)).toEqual({ ok: false, reason: "too-many-pixels" });
  });

  it("recognises BMP files by their header only", () => {
    expect(isBmp(makeBmp({ width: 1, height: 1, bitsPerPixel: 24, rows: [[0, 0, 0]] }))).toBe(true);
    expect(isBmp(Buffer.from("BM"))).toBe(false);
    expect(isBmp(Buffer.from("<html><body>BM</body></html>"))).toBe(false);
  });
});
