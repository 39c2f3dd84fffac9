import type { KyselyPlugin } from "kysely";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import { imageIdFromPath, variantPath } from "../../common/media/media-paths.ts";
import { pictureWork } from "../../server/media/picture-work.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { createCategory, createProduct, deleteProductForGood, productBody } from "../helpers/catalogue-api.ts";
import { errorBody } from "../helpers/error-body.ts";

/**
 * nginx revalidates each /media picture it keeps every 10 minutes
 * (docs/decisions/032-nginx-keeps-a-media-picture-10-minutes-not-the.md): the instance answers from the picture's id
 * alone, without reading the picture's bytes from the database (decision 38). On SQLite and PostgreSQL (TEST_DIALECT).
 */

const admin = withAdminServer();
let product: ProductView;
beforeAll(async () => {
  await createCategory(admin.server, admin.token, "Excavatoare");
  product = await createProduct(admin.server, admin.token, await productBody("Excavatoare", "Volvo EC950", 1));
});

/**
 * The seam: every row the server's queries bring back, by its columns, through a Kysely plugin on
 * the handle the requests use (`services.db`), from `record()` until the test ends.
 */
const columnsRead: string[][] = [];
let restore: (() => void) | undefined;
async function record(): Promise<void> {
  // The background variants of new pictures read the database too: they finish before anything is counted.
  await expect.poll(() => pictureWork.activeCount + pictureWork.pendingCount, { timeout: 20_000 }).toBe(0);
  const services = admin.server.services;
  const db = services.db;
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    transformResult: async ({ result }) => {
      for (const row of result.rows) columnsRead.push(Object.keys(row));
      return result;
    },
  };
  services.db = db.withPlugin(plugin);
  restore = () => (services.db = db);
}
afterEach(() => {
  restore?.();
  restore = undefined;
  columnsRead.length = 0;
});

const original = () => product.gallery[0]?.image ?? "";
const variant = () => variantPath(original(), 320, "webp");
const readBytes = () => columnsRead.some((columns) => columns.includes("bytes"));

describe("a revalidation of a stored picture", () => {
  it.each([
    ["an original", original],
    ["a variant", variant],
  ])("of %s is answered 304 from the picture's id alone", async (_label, url) => {
    const first = await admin.server.fetch(url());
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag") ?? "";
    await record();
    const again = await admin.server.fetch(url(), { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await again.text()).toBe("");
    // The background variants' own checks of the picture may come in between: they read the id alone too.
    expect(columnsRead.length).toBeGreaterThan(0);
    expect(new Set(columnsRead.map((columns) => columns.join()))).toEqual(new Set(["id"]));
  });

  it("reads the bytes when they are sent (the seam sees them)", async () => {
    await record();
    expect((await admin.server.fetch(original())).status).toBe(200);
    expect(readBytes()).toBe(true);
  });

  it.each([
    ["a weak tag", (etag: string) => `W/${etag}`],
    ["a list", (etag: string) => `"other", ${etag}`],
    ["*", () => "*"],
  ])("matches the ETag given as %s", async (_label, header) => {
    const etag = `"${imageIdFromPath(original())}"`;
    const again = await admin.server.fetch(original(), { headers: { "If-None-Match": header(etag) } });
    expect(again.status).toBe(304);
  });

  it("sends the picture to an ETag that is not its own", async () => {
    const again = await admin.server.fetch(original(), {
      headers: { "If-None-Match": '"6f1c2f5e-8d4b-4c55-9f1a-2b3c4d5e6f70"' },
    });
    expect(again.status).toBe(200);
    expect((await again.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });
});

describe("a revalidation of a picture deleted for good", () => {
  it("is answered 404, original and variant alike", async () => {
    const other = await createProduct(admin.server, admin.token, await productBody("Excavatoare", "Sters", 1));
    const urls = [other.gallery[0]?.image ?? "", variantPath(other.gallery[0]?.image ?? "", 320, "avif")];
    const etags: string[] = [];
    for (const url of urls) {
      const first = await admin.server.fetch(url);
      expect(first.status).toBe(200);
      etags.push(first.headers.get("etag") ?? "");
    }
    await deleteProductForGood(admin.server, admin.token, other.uuid);
    for (const [index, url] of urls.entries()) {
      const again = await admin.server.fetch(url, { headers: { "If-None-Match": etags[index] ?? "" } });
      expect(again.status).toBe(404);
      expect(await again.json()).toEqual(errorBody("ERROR_GET_PHOTOS"));
    }
  });
});
