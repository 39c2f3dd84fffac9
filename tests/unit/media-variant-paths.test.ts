import { describe, expect, it } from "vitest";
import { imageIdFromPath, variantPath, variantSrcSet } from "../../common/media-paths.ts";

const ID = "6f1c2f5e-8d4b-4c55-9f1a-2b3c4d5e6f70";
const ORIGINAL = `/media/produse/excavatoare/cat-320/${ID}.jpg`;

describe("variant URLs", () => {
  it("sit beside the original and name width and format", () => {
    expect(variantPath(ORIGINAL, 640, "webp")).toBe(`/media/produse/excavatoare/cat-320/${ID}-640w.webp`);
    expect(variantPath(`/media/banner/${ID}.png`, 1600, "avif")).toBe(`/media/banner/${ID}-1600w.avif`);
  });

  it("refuse a path that is not a stored picture", () => {
    expect(() => variantPath("/media/banner/logo.png", 320, "webp")).toThrow();
  });

  it("read the image id back from an original's URL", () => {
    expect(imageIdFromPath(ORIGINAL)).toBe(ID);
    expect(imageIdFromPath(`${ID}.png`)).toBe(ID);
    expect(imageIdFromPath("/media/banner/x.png")).toBeUndefined();
  });
});

describe("variantSrcSet", () => {
  it("lists every width below a large original", () => {
    expect(variantSrcSet(ORIGINAL, 3000, "avif")).toBe(
      [320, 640, 800, 1024, 1600].map((width) => `${variantPath(ORIGINAL, width, "avif")} ${width}w`).join(", "),
    );
  });

  it("ends with the original's own width, never enlarging", () => {
    expect(variantSrcSet(ORIGINAL, 800, "webp")).toBe(
      `${variantPath(ORIGINAL, 320, "webp")} 320w, ${variantPath(ORIGINAL, 640, "webp")} 640w, ${variantPath(ORIGINAL, 800, "webp")} 800w`,
    );
    expect(variantSrcSet(ORIGINAL, 900, "webp")).toBe(
      `${variantPath(ORIGINAL, 320, "webp")} 320w, ${variantPath(ORIGINAL, 640, "webp")} 640w, ${variantPath(ORIGINAL, 800, "webp")} 800w, ${variantPath(ORIGINAL, 1024, "webp")} 900w`,
    );
    expect(variantSrcSet(ORIGINAL, 100, "webp")).toBe(`${variantPath(ORIGINAL, 320, "webp")} 100w`);
    expect(variantSrcSet(ORIGINAL, 640, "webp")).toBe(`${variantPath(ORIGINAL, 320, "webp")} 320w, ${variantPath(ORIGINAL, 640, "webp")} 640w`);
  });
});
