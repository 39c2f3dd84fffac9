import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { ImageRejected, ingestImage, sniffFamily } from "../../server/media/ingest.ts";
import { makeBmp } from "../helpers/bmp-file.ts";

const tiny = (format: "png" | "jpeg" | "webp" | "gif" | "tiff" | "avif") =>
  sharp({ create: { width: 2, height: 2, channels: 3, background: "#fff" } })
    .toFormat(format)
    .toBuffer();

describe("sniffFamily", () => {
  it.each(["png", "jpeg", "webp", "gif"] as const)("recognises %s by its first bytes", async (format) => {
    expect(sniffFamily(await tiny(format))).toBe(format);
  });

  it("recognises BMP", () => {
    expect(sniffFamily(makeBmp({ width: 1, height: 1, bitsPerPixel: 24, rows: [[0, 0, 0]] }))).toBe("bmp");
  });

  it.each([
    ["TIFF", () => tiny("tiff")],
    ["AVIF", () => tiny("avif")],
    ["SVG", async () => Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>")],
    ["HTML", async () => Buffer.from("<!doctype html>")],
    ["a RIFF that is not WebP", async () => Buffer.from("RIFF\0\0\0\0WAVEfmt ")],
    ["GIF-like text", async () => Buffer.from("GIF8xa")],
    ["nothing", async () => Buffer.alloc(0)],
  ])("takes %s for no accepted type", async (_label, bytes) => {
    expect(sniffFamily(await bytes())).toBeUndefined();
  });
});

describe("ingestImage's own check of the base64 text", () => {
  // The payload schema checks the alphabet first; ingestImage still refuses a text its decoder would
  // have had to skip characters of (the decoded bytes fall short of what the length promises).
  it.each(["", "YWJ", "YW%j", "YW j", "YQ==YWJj"])("refuses %j as not base64", async (text) => {
    await expect(ingestImage(text, 1000)).rejects.toEqual(expect.objectContaining({ reason: "invalid" }));
    await expect(ingestImage(text, 1000)).rejects.toBeInstanceOf(ImageRejected);
  });

  it("decodes a well-formed text", async () => {
    const png = await tiny("png");
    await expect(ingestImage(png.toString("base64"), 1000)).resolves.toMatchObject({
      mime_type: "image/png",
      width: 2,
      height: 2,
    });
  });
});
