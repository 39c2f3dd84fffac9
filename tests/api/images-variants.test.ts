import { existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import { pictureWork } from "../../server/media/picture-work.ts";
import { imageIdFromPath, variantPath } from "../../common/media/media-paths.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { createCategory, createProduct, deleteProductForGood, productBody } from "../helpers/catalogue-api.ts";
import { errorBody } from "../helpers/error-body.ts";
import { rawRequest } from "../helpers/raw-request.ts";
import { payload, picture } from "../helpers/pictures.ts";

const admin = withAdminServer();
/** A product whose header is 2000 × 1000 and whose one gallery picture is 40 × 30. */
let product: ProductView;
beforeAll(async () => {
  await createCategory(admin.server, admin.token, "Excavatoare");
  const body = await productBody("Excavatoare", "Volvo EC950", 1);
  body.header_photo = payload(await picture("jpeg", 2000, 1000), "image/jpeg");
  product = await createProduct(admin.server, admin.token, body);
});

const cacheDir = () => path.join(admin.server.services.config.DATA_DIR, "media-cache");
const header = () => product.header_photo.image;

async function download(url: string): Promise<{ response: Response; bytes: Buffer }> {
  const response = await admin.server.fetch(url);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("responsive variants", () => {
  it.each([
    [320, "webp", "image/webp", "webp"],
    [640, "webp", "image/webp", "webp"],
    [1024, "avif", "image/avif", "heif"],
    [1600, "avif", "image/avif", "heif"],
  ] as const)("serve %i px %s as %s, made from the original", async (width, format, contentType, decoded) => {
    const { response, bytes } = await download(variantPath(header(), width, format));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(contentType);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const metadata = await sharp(bytes).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
      format: decoded,
      width,
      height: width / 2,
    });
    expect(bytes.length).toBeLessThan(200_000);
  });

  it("are never wider than the original", async () => {
    const small = product.gallery[0]?.image ?? "";
    const { bytes } = await download(variantPath(small, 1600, "webp"));
    expect((await sharp(bytes).metadata()).width).toBe(40);
  });

  it("are made once and then read from the cache on disk", async () => {
    const url = variantPath(header(), 320, "avif");
    const first = await download(url);
    const file = path.join(cacheDir(), `${imageIdFromPath(header())}-320w.avif`);
    expect(existsSync(file)).toBe(true);
    // Whatever the cache holds is what is served: the file is reused, not made again.
    writeFileSync(file, Buffer.from("cached bytes"));
    expect((await download(url)).bytes.toString()).toBe("cached bytes");
    writeFileSync(file, first.bytes);
  });

  it("come out whole when many first requests arrive at once", async () => {
    const url = variantPath(header(), 640, "avif");
    const replies = await Promise.all(Array.from({ length: 10 }, () => download(url)));
    expect(replies.map(({ response }) => response.status)).toEqual(Array(10).fill(200));
    const [first] = replies;
    for (const { bytes } of replies) expect(bytes.equals(first?.bytes ?? Buffer.alloc(0))).toBe(true);
    // Only this variant's: the product's other variants may still be in the making in the background
    // (makeVariantsLater).
    const file = `${imageIdFromPath(header())}-640w.avif`;
    expect(readdirSync(cacheDir()).filter((name) => name.startsWith(`${file}.`) && name.endsWith(".tmp"))).toEqual([]);
    expect((await sharp(first?.bytes).metadata()).width).toBe(640);
  });

  it("answer a revalidation with 304", async () => {
    const url = variantPath(header(), 320, "webp");
    const etag = (await admin.server.fetch(url)).headers.get("etag") ?? "";
    const again = await admin.server.fetch(url, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it.each([
    ["a width not offered", (id: string) => `/media/banner/${id}-500w.webp`],
    ["a format not offered", (id: string) => `/media/banner/${id}-320w.png`],
    ["an upper-case id", (id: string) => `/media/banner/${id.toUpperCase()}-320w.webp`],
    ["an unknown id", () => "/media/banner/6f1c2f5e-8d4b-4c55-9f1a-2b3c4d5e6f70-320w.webp"],
  ])("answer %s with 404", async (_label, url) => {
    const response = await admin.server.fetch(url(imageIdFromPath(header()) ?? ""));
    expect(response.status).toBe(404);
  });

  it.each([
    "/media/..%2f..%2f..%2fetc%2fpasswd",
    "/media/../../etc/passwd",
    "/media/banner/..%2Fmedia-cache%2Fx-320w.webp",
    "/media/%2e%2e/%2e%2e/utilaje.db",
  ])("cannot reach files outside the cache: %s", async (url) => {
    const response = await rawRequest(admin.server.url, url);
    expect(response.status).not.toBe(200);
    expect(response.body.toString()).not.toMatch(/root:|SQLite format/);
  });

  it("are made in the background once a picture is written, before anyone asks for them", async () => {
    const other = await createProduct(admin.server, admin.token, await productBody("Excavatoare", "Pregatit", 2));
    const ids = [other.header_photo, ...other.gallery].map((picture) => imageIdFromPath(picture.image) ?? "");
    // The test pictures are narrower than 320 px: one width, both formats, per picture.
    const expected = ids.flatMap((id) => [`${id}-320w.avif`, `${id}-320w.webp`]);
    await expect
      .poll(() => expected.filter((name) => existsSync(path.join(cacheDir(), name))), { timeout: 20_000 })
      .toEqual(expected);
  });

  describe("of a picture taller than AVIF and WebP can hold (16 383 px)", () => {
    /**
     * 8.4 MP, within the upload limit; at its offered widths (320 and its own 400 px) a variant
     * would be 16 800 and 21 000 px tall.
     */
    async function tallPicture(model: string): Promise<string> {
      const body = await productBody("Excavatoare", model, 0);
      body.header_photo = payload(await picture("png", 400, 21_000), "image/png");
      return (await createProduct(admin.server, admin.token, body)).header_photo.image;
    }
    const offered = [320, 640].flatMap((width) => (["avif", "webp"] as const).map((format) => ({ width, format })));
    // The whole picture, its proportions kept, fitted inside that height: 16 383 × 400 / 21 000 = 312.06.
    const fitted = { width: 312, height: 16_383 };

    it("are made in the background, fitted inside that height", async () => {
      const id = imageIdFromPath(await tallPicture("Stalp")) ?? "";
      const files = offered.map(({ width, format }) => path.join(cacheDir(), `${id}-${width}w.${format}`));
      await expect.poll(() => files.filter((file) => existsSync(file)), { timeout: 30_000 }).toEqual(files);
      for (const file of files) {
        const metadata = await sharp(file).metadata();
        expect({ width: metadata.width, height: metadata.height }).toEqual(fitted);
      }
    }, 60_000);

    it("are served on request, fitted inside that height", async () => {
      const image = await tallPicture("Stalp inalt");
      for (const { width, format } of offered) {
        const { response, bytes } = await download(variantPath(image, width, format));
        expect(response.status).toBe(200);
        const metadata = await sharp(bytes).metadata();
        expect({ width: metadata.width, height: metadata.height }).toEqual(fitted);
      }
    }, 60_000);
  });

  it("go with their picture when its machine is purged from the trash", async () => {
    const other = await createProduct(admin.server, admin.token, await productBody("Excavatoare", "Sters", 1));
    const url = variantPath(other.gallery[0]?.image ?? "", 320, "webp");
    expect((await admin.server.fetch(url)).status).toBe(200);
    const file = path.join(cacheDir(), `${imageIdFromPath(other.gallery[0]?.image ?? "")}-320w.webp`);
    expect(existsSync(file)).toBe(true);
    await deleteProductForGood(admin.server, admin.token, other.uuid);
    expect(existsSync(file)).toBe(false);
    expect((await admin.server.fetch(url)).status).toBe(404);
  });

  it("answer 404 for a picture purged while its variant is made, and keep no file of it", async () => {
    const other = await createProduct(
      admin.server,
      admin.token,
      await productBody("Excavatoare", "Sters in timp ce", 1),
    );
    const id = imageIdFromPath(other.gallery[0]?.image ?? "") ?? "";
    // Its background variants (320 px, both formats) first, so that the queue holds only what follows.
    await expect
      .poll(() => ["avif", "webp"].every((format) => existsSync(path.join(cacheDir(), `${id}-320w.${format}`))), {
        timeout: 20_000,
      })
      .toBe(true);
    await expect.poll(() => pictureWork.activeCount + pictureWork.pendingCount, { timeout: 20_000 }).toBe(0);
    // Every slot of the picture queue held, so the variant asked for next waits there, original loaded.
    const gate = Promise.withResolvers<undefined>();
    const held = Array.from({ length: pictureWork.concurrency }, () => pictureWork(() => gate.promise));
    const asked = admin.server.fetch(variantPath(other.gallery[0]?.image ?? "", 640, "webp"));
    await expect.poll(() => pictureWork.pendingCount).toBe(1);
    await deleteProductForGood(admin.server, admin.token, other.uuid);
    gate.resolve(undefined);
    await Promise.all(held);
    const response = await asked;
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(errorBody("ERROR_GET_PHOTOS"));
    expect(readdirSync(cacheDir()).filter((name) => name.startsWith(id))).toEqual([]);
  });
});
