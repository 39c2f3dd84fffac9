import { describe, expect, it } from "vitest";
import {
  bannerImagePath,
  categoryImagePath,
  extensionFor,
  imageIdFromPath,
  productImagePath,
  VARIANT_WIDTHS,
  variantPath,
  variantSrcSet,
} from "../../common/media/media-paths.ts";

const ID = "6f1c2f5e-8d4b-4c55-9f1a-2b3c4d5e6f70";

describe("extensionFor", () => {
  it.each([
    ["image/jpeg", "jpg"],
    ["image/png", "png"],
    ["image/webp", "webp"],
    ["image/gif", "gif"],
    ["image/bmp", "bmp"],
    ["image/tiff", "tiff"],
    ["image/avif", "avif"],
  ])("names %s files .%s", (mimeType, extension) => {
    expect(extensionFor(mimeType)).toBe(extension);
  });

  it("falls back to .bin for a type it does not know", () => {
    expect(extensionFor("application/pdf")).toBe("bin");
    expect(extensionFor("")).toBe("bin");
  });
});

describe("image URLs", () => {
  it("put a product picture under its category and model slugs", () => {
    expect(productImagePath("excavatoare", "cat-320", ID, "image/png")).toBe(
      `/media/produse/excavatoare/cat-320/${ID}.png`,
    );
  });

  it("put the picture of a product without category under 'necunoscut'", () => {
    expect(productImagePath(null, "cat-320", ID, "image/jpeg")).toBe(`/media/produse/necunoscut/cat-320/${ID}.jpg`);
  });

  it("percent-encode the slugs, so Romanian letters and reserved characters stay one path segment", () => {
    expect(productImagePath("încărcătoare-frontale", "a/b?c", ID, "image/webp")).toBe(
      `/media/produse/%C3%AEnc%C4%83rc%C4%83toare-frontale/a%2Fb%3Fc/${ID}.webp`,
    );
    expect(categoryImagePath("macarale#1", ID, "image/png")).toBe(`/media/categorii/macarale%231/${ID}.png`);
  });

  it("put banners and category pictures under their own prefixes", () => {
    expect(bannerImagePath(ID, "image/jpeg")).toBe(`/media/banner/${ID}.jpg`);
    expect(categoryImagePath("excavatoare", ID, "image/png")).toBe(`/media/categorii/excavatoare/${ID}.png`);
  });
});

describe("responsive variants", () => {
  const original = `/media/produse/excavatoare/cat-320/${ID}.jpg`;

  it("read the image id from the last segment of an original's URL", () => {
    expect(imageIdFromPath(original)).toBe(ID);
    expect(imageIdFromPath(`${ID}.png`)).toBe(ID);
    expect(imageIdFromPath("/media/banner/not-an-id.png")).toBeUndefined();
  });

  it("sit beside the original, named by width and format", () => {
    expect(variantPath(original, 640, "webp")).toBe(`/media/produse/excavatoare/cat-320/${ID}-640w.webp`);
    expect(variantPath(`/media/banner/${ID}.png`, 320, "avif")).toBe(`/media/banner/${ID}-320w.avif`);
    expect(variantPath(`/media/banner/${ID}.png`, 1600, "avif")).toBe(`/media/banner/${ID}-1600w.avif`);
  });

  it("refuse a path that is not a stored picture", () => {
    expect(() => variantPath("/media/banner/x.png", 320, "avif")).toThrow();
  });

  it("list every width below a large original", () => {
    expect(variantSrcSet(original, 3000, "avif")).toBe(
      [320, 640, 800, 1024, 1600].map((width) => `${variantPath(original, width, "avif")} ${width}w`).join(", "),
    );
    expect(variantSrcSet(`/media/banner/${ID}.png`, 4000, "avif").split(", ")).toHaveLength(VARIANT_WIDTHS.length);
  });

  it("end with the original's own width, never an enlargement", () => {
    expect(variantSrcSet(original, 800, "webp")).toBe(
      [`${ID}-320w.webp 320w`, `${ID}-640w.webp 640w`, `${ID}-800w.webp 800w`]
        .map((entry) => `/media/produse/excavatoare/cat-320/${entry}`)
        .join(", "),
    );
    // Between two widths: the next larger variant, described as the original's width.
    expect(variantSrcSet(original, 900, "webp")).toBe(
      `${variantPath(original, 320, "webp")} 320w, ${variantPath(original, 640, "webp")} 640w, ${variantPath(original, 800, "webp")} 800w, ${variantPath(original, 1024, "webp")} 900w`,
    );
    expect(variantSrcSet(original, 640, "webp")).toBe(
      `${variantPath(original, 320, "webp")} 320w, ${variantPath(original, 640, "webp")} 640w`,
    );
    expect(variantSrcSet(`/media/banner/${ID}.png`, 200, "avif")).toBe(`/media/banner/${ID}-320w.avif 200w`);
  });
});
