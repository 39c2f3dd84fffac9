import { beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import type { BannerView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { authHeaders, callJson } from "../helpers/auth.ts";
import { makeBmp } from "../helpers/bmp-file.ts";
import { createCategory, json, productBody, type ProductBody } from "../helpers/catalogue-api.ts";
import { errorBody } from "../helpers/error-body.ts";
import { rawRequest } from "../helpers/raw-request.ts";
import { jpegWithExif, noisePng, payload, picture, pngDeclaring, type ImagePayload } from "../helpers/pictures.ts";

const admin = withAdminServer();
let base: ProductBody;
let counter = 0;
beforeAll(async () => {
  await createCategory(admin.server, admin.token, "Excavatoare");
  base = await productBody("Excavatoare", "unused", 0);
});

/** A new product's body whose gallery is `gallery` (and whose header is `header`, when given). */
const productWith = (gallery: ImagePayload[], header?: ImagePayload) => ({
  ...base,
  model: `Model ${++counter}`,
  gallery,
  header_photo: header ?? base.header_photo,
});

/** Creates a product whose gallery is `gallery` (and whose header is `header`, when given). */
function upload(gallery: ImagePayload[], header?: ImagePayload): Promise<Response> {
  return callJson(admin.server, "POST", "/api/product/create", productWith(gallery, header), admin.token);
}

/**
 * A call whose picture passes its size: the server answers 413 as soon as the picture's string does,
 * before the rest of the body is read, and closes the connection. fetch may fail then while it is
 * still sending; a raw request reads the reply that came first.
 */
async function refusedWhileSent(path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const bytes = Buffer.from(JSON.stringify(body));
  const pieces = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, index) =>
    bytes.subarray(index * 65_536, (index + 1) * 65_536),
  );
  const reply = await rawRequest(admin.server.url, path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Content-Length": bytes.length, ...authHeaders(admin.token) },
    body: pieces,
  });
  return { status: reply.status, body: JSON.parse(reply.body.toString("utf8")) };
}

async function uploaded(gallery: ImagePayload[]): Promise<ProductView> {
  return json<ProductView>(await upload(gallery), 201);
}

async function download(path: string): Promise<{ response: Response; bytes: Buffer }> {
  const response = await admin.server.fetch(path);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

const galleryError = (code: string) => ({ errors: [{ msg: code, path: "gallery.0.image" }] });

describe("the type of an upload comes from its content", () => {
  it("stores a PNG declared as image/jpeg as a PNG", async () => {
    const product = await uploaded([payload(await picture("png"), "image/jpeg")]);
    const image = product.gallery[0]?.image ?? "";
    expect(image).toMatch(/\.png$/);
    const { response, bytes } = await download(image);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect((await sharp(bytes).metadata()).format).toBe("png");
  });

  it.each([
    ["jpeg", "image/png", /\.jpg$/, "image/jpeg"],
    ["webp", "image/jpeg", /\.webp$/, "image/webp"],
    ["gif", "image/png", /\.gif$/, "image/gif"],
  ] as const)("stores a %s declared as %s in its own format", async (format, declared, extension, served) => {
    const product = await uploaded([payload(await picture(format), declared)]);
    const image = product.gallery[0]?.image ?? "";
    expect(image).toMatch(extension);
    expect((await admin.server.fetch(image)).headers.get("content-type")).toBe(served);
  });

  it("converts a BMP to PNG with the same pixels", async () => {
    const bmp = makeBmp({ width: 2, height: 1, bitsPerPixel: 24, rows: [[0, 0, 255, 255, 0, 0]] });
    const product = await uploaded([payload(bmp, "image/bmp")]);
    expect(product.gallery[0]).toMatchObject({ width: 2, height: 1, image: expect.stringMatching(/\.png$/) });
    const { bytes } = await download(product.gallery[0]?.image ?? "");
    expect([...(await sharp(bytes).raw().toBuffer())]).toEqual([255, 0, 0, 0, 0, 255]);
  });

  it.each([
    ["an HTML page", Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>")],
    [
      "an SVG",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
    ],
    ["a PDF", Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n")],
    [
      "PNG magic followed by garbage",
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("garbage".repeat(20))]),
    ],
    [
      "a BMP with RLE compression",
      makeBmp({ width: 1, height: 1, bitsPerPixel: 8, compression: 1, palette: [[0, 0, 0]], rows: [[0]] }),
    ],
    ["a PE executable", Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200)])],
  ])("refuses %s declared as image/png with 400 INVALID_PRODUCT_GALLERY_IMAGE", async (_label, bytes) => {
    expect(await json(await upload([payload(bytes, "image/png")]), 400)).toEqual(
      galleryError("INVALID_PRODUCT_GALLERY_IMAGE"),
    );
  });

  it("refuses a TIFF declared as image/jpeg (a type the server does not take)", async () => {
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .tiff()
      .toBuffer();
    expect(await json(await upload([payload(tiff, "image/jpeg")]), 400)).toEqual(
      galleryError("INVALID_PRODUCT_GALLERY_IMAGE"),
    );
  });

  it("refuses a truncated picture", async () => {
    const full = await noisePng(200, 200);
    expect(await json(await upload([payload(full.subarray(0, full.length / 2), "image/png")]), 400)).toEqual(
      galleryError("INVALID_PRODUCT_GALLERY_IMAGE"),
    );
  });

  it("uses the header photo's and the banner's own codes", async () => {
    const html = payload(Buffer.from("<html></html>"), "image/png");
    expect(await json(await upload([], html), 400)).toEqual({
      errors: [{ msg: "INVALID_PRODUCT_HEADER_PHOTO_IMAGE", path: "header_photo.image" }],
    });
    const banner = await callJson(admin.server, "POST", "/api/banner/create", { banner: [html] }, admin.token);
    expect(await json(banner, 400)).toEqual({ errors: [{ msg: "INVALID_BANNER_IMAGE", path: "banner.0.image" }] });
  });
});

describe("size, count and pixel limits", () => {
  const overFive = payload(Buffer.alloc(5 * 1024 * 1024 + 1, 1), "image/png");

  it("answers a gallery or header picture over 5 MB with 413", async () => {
    const tooLarge = { status: 413, body: errorBody("ERROR_IMAGE_TOO_LARGE") };
    expect(await refusedWhileSent("/api/product/create", productWith([overFive]))).toEqual(tooLarge);
    expect(await refusedWhileSent("/api/product/create", productWith([], overFive))).toEqual(tooLarge);
  });

  it("takes a banner up to 10 MB and answers one over it with 413", async () => {
    // Noise does not compress: this PNG is about 6 MB, over the gallery limit, under the banner's.
    const big = await noisePng(1450, 1450);
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(await refusedWhileSent("/api/product/create", productWith([payload(big)]))).toEqual({
      status: 413,
      body: errorBody("ERROR_IMAGE_TOO_LARGE"),
    });
    const banners = await json<BannerView[]>(
      await callJson(admin.server, "POST", "/api/banner/create", [payload(big)], admin.token),
      201,
    );
    expect(banners[0]).toMatchObject({ width: 1450, height: 1450 });
    await callJson(admin.server, "DELETE", `/api/banner/${banners[0]?.uuid}`, undefined, admin.token);
    const overTen = payload(Buffer.alloc(10 * 1024 * 1024 + 1, 1), "image/png");
    expect(await refusedWhileSent("/api/banner/create", [overTen])).toEqual({
      status: 413,
      body: errorBody("ERROR_IMAGE_TOO_LARGE"),
    });
  });

  it("answers more than five gallery pictures with 400 INVALID_PRODUCT_GALLERY", async () => {
    const six = Array.from({ length: 6 }, () => payload(Buffer.from("x"), "image/png"));
    expect(await json(await upload(six), 400)).toEqual({
      errors: [{ msg: "INVALID_PRODUCT_GALLERY", path: "gallery" }],
    });
  });

  it("refuses a decompression bomb without decoding it", async () => {
    const bomb = pngDeclaring(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1024);
    const rssBefore = process.memoryUsage().rss;
    expect(await json(await upload([payload(bomb)]), 413)).toEqual(errorBody("ERROR_IMAGE_TOO_LARGE"));
    const bmpBomb = makeBmp({ width: 1, height: 1, bitsPerPixel: 24, rows: [[0, 0, 0]] });
    bmpBomb.writeInt32LE(30_000, 18);
    bmpBomb.writeInt32LE(30_000, 22);
    expect(await json(await upload([payload(bmpBomb, "image/bmp")]), 413)).toEqual(errorBody("ERROR_IMAGE_TOO_LARGE"));
    // 20000 × 20000 RGB would be 1.2 GB; nothing near that was allocated.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(300 * 1024 * 1024);
  });
});

describe("metadata", () => {
  it("applies the EXIF orientation and drops EXIF and GPS", async () => {
    const product = await uploaded([payload(await jpegWithExif(40, 20, 6), "image/jpeg")]);
    expect(product.gallery[0]).toMatchObject({ width: 20, height: 40 });
    const { bytes } = await download(product.gallery[0]?.image ?? "");
    const metadata = await sharp(bytes).metadata();
    expect({ width: metadata.width, height: metadata.height, format: metadata.format }).toEqual({
      width: 20,
      height: 40,
      format: "jpeg",
    });
    expect(metadata.orientation).toBeUndefined();
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from("Utilaje Test"))).toBe(false);
  });
});
