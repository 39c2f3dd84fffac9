import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  UNKNOWN_CATEGORY,
  type BannerView,
  type CategoryView,
  type PictureView,
  type ProductView,
} from "../../common/catalogue/catalogue-views.ts";
import type { ErrorCode } from "../../common/errors/error-codes.ts";
import { bannerImagePath, categoryImagePath, productImagePath } from "../../common/media/media-paths.ts";
import packageJson from "../../package.json" with { type: "json" };
import { deleteCategory } from "../../server/db/repositories/categories.ts";
import {
  createFixtureCatalogue,
  type FixtureBanner,
  type FixtureCatalogue,
  type FixtureCategory,
  type FixtureImage,
  type FixtureProduct,
} from "../fixtures/catalogue.ts";
import { errorBody } from "../helpers/error-body.ts";
import { rawRequest } from "../helpers/raw-request.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/** The read calls of spec §7 over real HTTP, on the fixture catalogue, plus the bad input they must survive. */

const UNKNOWN_ID = "6f1c2f5e-8d4b-4c55-9f1a-2b3c4d5e6f70";

// What the replies must hold, built from what the fixture wrote.
function pictureView(image: FixtureImage, url: string): PictureView {
  return { image: url, alt: image.alt, width: image.width, height: image.height };
}

function categoryView(category: FixtureCategory): CategoryView {
  const header = category.headerImage;
  return {
    uuid: category.id,
    name: category.name,
    name_en: "",
    slug: category.slug,
    header_photo: header ? categoryImagePath(category.slug, header.id, header.mimeType) : null,
    specifications: [],
    version: 1,
  };
}

/** `category` is null once the product's category was deleted. */
function productView(product: FixtureProduct, category: FixtureCategory | null = product.category): ProductView {
  const url = (image: FixtureImage) => productImagePath(category?.slug ?? null, product.slug, image.id, image.mimeType);
  return {
    uuid: product.id,
    model: product.model,
    slug: product.slug,
    category: category?.name ?? UNKNOWN_CATEGORY,
    category_en: "",
    category_uuid: category?.id ?? null,
    category_slug: category?.slug ?? null,
    header_offer: product.header_offer,
    details: product.details,
    technical_data: product.technical_data,
    header_offer_en: "",
    details_en: "",
    technical_data_en: "",
    header_photo: pictureView(product.headerImage, url(product.headerImage)),
    gallery: product.gallery.map((image) => pictureView(image, url(image))),
    specifications: {},
    units: 1,
    version: 1,
  };
}

function bannerView(banner: FixtureBanner): BannerView {
  return {
    uuid: banner.id,
    ...pictureView(banner.image, bannerImagePath(banner.image.id, banner.image.mimeType)),
    alt_en: "",
    caption: "",
    caption_en: "",
    version: 1,
  };
}

async function getJson(server: TestServer, pathname: string): Promise<{ status: number; body: unknown }> {
  const response = await server.fetch(pathname);
  return { status: response.status, body: await response.json() };
}

describe("catalogue read API", () => {
  let server: TestServer;
  let fixture: FixtureCatalogue;
  let products: FixtureCatalogue["products"];
  let categories: FixtureCatalogue["categories"];
  beforeAll(async () => {
    server = await startTestServer();
    fixture = await createFixtureCatalogue(server.services);
    ({ products, categories } = fixture);
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (pathname: string) => getJson(server, pathname);

  it("GET /api/category lists the categories by name, with their header photo", async () => {
    expect(await get("/api/category")).toEqual({
      status: 200,
      body: [categoryView(categories.excavators), categoryView(categories.loaders)],
    });
  });

  it("GET /api/category/{uuid} answers one category, whatever the case of the uuid", async () => {
    const expected = { status: 200, body: categoryView(categories.loaders) };
    expect(await get(`/api/category/${categories.loaders.id}`)).toEqual(expected);
    expect(await get(`/api/category/${categories.loaders.id.toUpperCase()}`)).toEqual(expected);
  });

  it("GET /api/product lists every product by model, with its category, header photo and gallery", async () => {
    expect(await get("/api/product")).toEqual({
      status: 200,
      body: [productView(products.cat), productView(products.jcb), productView(products.komatsu)],
    });
  });

  it("GET /api/product/{uuid} answers an array holding the product (spec §3)", async () => {
    expect(await get(`/api/product/${products.jcb.id}`)).toEqual({ status: 200, body: [productView(products.jcb)] });
  });

  it("GET /api/product/category/{id} lists the products of that category only", async () => {
    expect(await get(`/api/product/category/${categories.excavators.id}`)).toEqual({
      status: 200,
      body: [productView(products.cat), productView(products.komatsu)],
    });
    expect(await get(`/api/product/category/${categories.loaders.id}`)).toEqual({
      status: 200,
      body: [productView(products.jcb)],
    });
  });

  it("GET /api/product/category/name/{name} takes the category name or its slug", async () => {
    const expected = { status: 200, body: [productView(products.jcb)] };
    for (const name of ["Încărcătoare frontale", "încărcătoare-frontale", "ÎNCĂRCĂTOARE  FRONTALE"]) {
      expect(await get(`/api/product/category/name/${encodeURIComponent(name)}`)).toEqual(expected);
    }
  });

  it("GET /api/product/{category_name}/{product_model} finds the product by its two slugs", async () => {
    const expected = { status: 200, body: productView(products.jcb) };
    expect(await get(`/api/product/${encodeURIComponent("încărcătoare-frontale")}/jcb-3cx-eco`)).toEqual(expected);
    expect(
      await get(`/api/product/${encodeURIComponent("Încărcătoare frontale")}/${encodeURIComponent("JCB 3CX Eco")}`),
    ).toEqual(expected);
  });

  it("GET /api/product/{category_name}/{product_model} refuses a model under a category it is not in", async () => {
    expect(await get(`/api/product/${encodeURIComponent("încărcătoare-frontale")}/cat-320`)).toEqual({
      status: 404,
      body: errorBody("ERROR_GET_PRODUCT_NAME_BY_CATEGORY"),
    });
  });

  it("GET /api/product/details/{id} answers the product itself", async () => {
    expect(await get(`/api/product/details/${products.komatsu.id}`)).toEqual({
      status: 200,
      body: productView(products.komatsu),
    });
  });

  it("GET /api/product/details/model/{model} takes the model or its slug", async () => {
    const expected = { status: 200, body: productView(products.cat) };
    expect(await get(`/api/product/details/model/${encodeURIComponent("CAT 320")}`)).toEqual(expected);
    expect(await get("/api/product/details/model/cat-320")).toEqual(expected);
  });

  it("product pictures have readable, stable URLs under /media/produse/{category}/{model}/", async () => {
    const { body } = await get(`/api/product/details/${products.cat.id}`);
    const [first, second] = products.cat.gallery;
    expect(body).toMatchObject({
      slug: "cat-320",
      category_slug: "excavatoare",
      header_photo: { image: `/media/produse/excavatoare/cat-320/${products.cat.headerImage.id}.png` },
      gallery: [
        { image: `/media/produse/excavatoare/cat-320/${first?.id}.jpg` },
        { image: `/media/produse/excavatoare/cat-320/${second?.id}.png` },
      ],
    });
  });

  it("GET /api/banner/first is the first banner, /api/banner the rest and /api/banner/all every one, in order", async () => {
    const [first, second] = fixture.banners.map(bannerView);
    expect(await get("/api/banner/first")).toEqual({ status: 200, body: first });
    expect(await get("/api/banner")).toEqual({ status: 200, body: [second] });
    expect(await get("/api/banner/all")).toEqual({ status: 200, body: [first, second] });
  });

  it("GET /api/configuration lists the contact's entries as uuid, key and value, by key", async () => {
    const expected = [...fixture.configuration]
      .sort((a, b) => (a.key < b.key ? -1 : 1))
      .map((row) => ({ uuid: row.id, key: row.key, value: row.value, version: 1 }));
    expect(await get("/api/configuration")).toEqual({ status: 200, body: expected });
  });

  it("GET /api/version answers the package version and the git commit, dates in epoch seconds", async () => {
    const { status, body } = await get("/api/version");
    expect(status).toBe(200);
    expect(body).toEqual({
      version: packageJson.version,
      default: {
        shortHash: expect.stringMatching(/^[0-9a-f]{7,}$/),
        subject: expect.any(String),
        authoredOn: expect.any(Number),
        committedOn: expect.any(Number),
        branch: expect.toSatisfy((branch: unknown) => branch === null || typeof branch === "string"),
        tags: expect.any(Array),
      },
    });
    const { authoredOn } = (body as { default: { authoredOn: number } }).default;
    expect(Number.isInteger(authoredOn) && authoredOn > 1_500_000_000 && authoredOn <= Date.now() / 1000).toBe(true);
  });

  it("public reads carry an ETag and answer 304 when it still matches", async () => {
    const first = await server.fetch("/api/product");
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const again = await server.fetch("/api/product", { headers: { "If-None-Match": etag ?? "" } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("every /media URL in the replies answers the exact bytes with its type, nosniff and an immutable cache", async () => {
    const images: [url: string, image: FixtureImage][] = [];
    for (const category of Object.values(categories)) {
      const { header_photo } = categoryView(category);
      if (category.headerImage && header_photo) images.push([header_photo, category.headerImage]);
    }
    for (const product of Object.values(products)) {
      const view = productView(product);
      images.push([view.header_photo.image, product.headerImage]);
      product.gallery.forEach((image, index) => images.push([view.gallery[index]?.image ?? "", image]));
    }
    for (const banner of fixture.banners) images.push([bannerView(banner).image, banner.image]);
    expect(images.length).toBe(9);

    for (const [url, image] of images) {
      const response = await server.fetch(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("content-type"), url).toBe(image.mimeType);
      expect(response.headers.get("x-content-type-options"), url).toBe("nosniff");
      expect(response.headers.get("cache-control"), url).toMatch(/\bimmutable\b/);
      expect(Buffer.from(await response.arrayBuffer()).equals(image.bytes), url).toBe(true);
    }
  });

  it.each<[string, ErrorCode]>([
    [`/api/category/${UNKNOWN_ID}`, "ERROR_GET_CATEGORY"],
    [`/api/product/${UNKNOWN_ID}`, "ERROR_GET_PRODUCT"],
    [`/api/product/category/${UNKNOWN_ID}`, "ERROR_GET_PRODUCT_BY_CATEGORY"],
    ["/api/product/category/name/macarale", "ERROR_GET_PRODUCT_BY_CATEGORY"],
    ["/api/product/excavatoare/nu-exista", "ERROR_GET_PRODUCT_NAME_BY_CATEGORY"],
    ["/api/product/macarale/cat-320", "ERROR_GET_PRODUCT_NAME_BY_CATEGORY"],
    [`/api/product/details/${UNKNOWN_ID}`, "ERROR_GET_PRODUCT"],
    ["/api/product/details/model/nu-exista", "ERROR_GET_PRODUCT"],
    [`/media/produse/excavatoare/cat-320/${UNKNOWN_ID}.png`, "ERROR_GET_PHOTOS"],
    [`/media/banner/${UNKNOWN_ID}.jpg`, "ERROR_GET_PHOTOS"],
  ])("an unknown record at %s is a 404 with %s", async (pathname, code) => {
    expect(await get(pathname)).toEqual({ status: 404, body: errorBody(code) });
  });

  describe("bad input (a 4xx with a JSON error body, never a 500, never a hung request)", () => {
    const raw = (pathname: string, options?: Parameters<typeof rawRequest>[2]) =>
      rawRequest(server.url, pathname, options);
    const json = (body: Buffer): unknown => JSON.parse(body.toString("utf8"));

    it.each<[string, ErrorCode]>([
      ["/api/category/not-a-uuid", "ERROR_GET_CATEGORY"],
      [`/api/category/${UNKNOWN_ID}x`, "ERROR_GET_CATEGORY"],
      ["/api/product/123", "ERROR_GET_PRODUCT"],
      [`/api/product/category/${encodeURIComponent("' or 1=1 --")}`, "ERROR_GET_PRODUCT_BY_CATEGORY"],
      ["/api/product/details/%ZZ", "ERROR_GET_PRODUCT"],
      ["/media/banner/not-an-image.png", "ERROR_GET_PHOTOS"],
    ])("a malformed id in %s is answered like an unknown one: 404 %s", async (pathname, code) => {
      const response = await raw(pathname);
      expect(response.status).toBe(404);
      expect(json(response.body)).toEqual(errorBody(code));
    });

    it.each<[string, ErrorCode]>([
      ["/api/category/..%2f..%2fpackage.json", "ERROR_GET_CATEGORY"],
      ["/api/..%2f..%2fpackage.json", "ERROR_NOT_FOUND"],
      ["/api/product/../nu-exista/x/y", "ERROR_NOT_FOUND"],
      ["/media/banner/..%2f..%2fpackage.json", "ERROR_GET_PHOTOS"],
    ])("a path with dot segments, %s, stays inside its route: 404 %s", async (pathname, code) => {
      const response = await raw(pathname);
      expect(response.status).toBe(404);
      expect(json(response.body)).toEqual(errorBody(code));
    });

    it.each(["GET /api/nu-exista", "POST /api/nu-exista", "DELETE /api/configuration/x", "GET /api/category/a/b"])(
      "an unknown API route, %s, is a 404 ERROR_NOT_FOUND",
      async (call) => {
        const [method = "", pathname = ""] = call.split(" ");
        const response = await raw(pathname, { method });
        expect(response.status).toBe(404);
        expect(json(response.body)).toEqual(errorBody("ERROR_NOT_FOUND"));
      },
    );

    it("HEAD on an API read answers the GET's status and headers with no body", async () => {
      const get = await raw("/api/category");
      const head = await raw("/api/category", { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      for (const header of ["content-type", "etag", "cache-control"]) {
        expect(head.headers[header], header).toBe(get.headers[header]);
      }
      const missing = await raw(`/api/category/${UNKNOWN_ID}`, { method: "HEAD" });
      expect(missing.status).toBe(404);
      expect(missing.body.length).toBe(0);
    });

    it("HEAD on a media URL answers its type, length and cache headers with no body", async () => {
      const image = products.cat.headerImage;
      const head = await raw(productView(products.cat).header_photo.image, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers["content-type"]).toBe(image.mimeType);
      expect(head.headers["content-length"]).toBe(String(image.bytes.length));
      expect(head.headers["cache-control"]).toMatch(/\bimmutable\b/);
      const missing = await raw(`/media/banner/${UNKNOWN_ID}.png`, { method: "HEAD" });
      expect(missing.status).toBe(404);
    });

    // The public calls of spec §7 that read a JSON body; each must refuse broken JSON with a 4xx.
    it.each([
      "/api/login",
      "/api/token/refresh",
      "/api/token/reject",
      "/api/reset",
      "/api/change/verify",
      "/api/contact",
    ])("invalid JSON posted to %s is a 4xx with a JSON error body", async (pathname) => {
      const response = await raw(pathname, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: '{"username": "admin", ',
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      const body = json(response.body) as { error?: { code?: string }; errors?: { msg?: string }[] };
      expect(typeof body.error?.code === "string" || typeof body.errors?.[0]?.msg === "string").toBe(true);
    });
  });
});

describe("a product whose category was deleted", () => {
  let server: TestServer;
  let fixture: FixtureCatalogue;
  beforeAll(async () => {
    server = await startTestServer();
    fixture = await createFixtureCatalogue(server.services);
    await deleteCategory(server.services.db, fixture.categories.excavators.id);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("still lists, under the category 'Necunoscut', with its pictures", async () => {
    const { cat, jcb, komatsu } = fixture.products;
    expect(await getJson(server, "/api/product")).toEqual({
      status: 200,
      body: [productView(cat, null), productView(jcb), productView(komatsu, null)],
    });
    const orphan = productView(cat, null);
    expect(orphan.category).toBe("Necunoscut");
    for (const url of [orphan.header_photo.image, ...orphan.gallery.map((picture) => picture.image)]) {
      expect((await server.fetch(url)).status, url).toBe(200);
    }
  });

  it("is found under the 'necunoscut' slug, and the category itself is gone", async () => {
    const { cat } = fixture.products;
    expect(await getJson(server, "/api/product/necunoscut/cat-320")).toEqual({
      status: 200,
      body: productView(cat, null),
    });
    expect(await getJson(server, "/api/product/excavatoare/cat-320")).toEqual({
      status: 404,
      body: errorBody("ERROR_GET_PRODUCT_NAME_BY_CATEGORY"),
    });
    expect(await getJson(server, "/api/category")).toEqual({
      status: 200,
      body: [categoryView(fixture.categories.loaders)],
    });
    expect(await getJson(server, `/api/product/category/${fixture.categories.excavators.id}`)).toEqual({
      status: 404,
      body: errorBody("ERROR_GET_PRODUCT_BY_CATEGORY"),
    });
  });
});

describe("catalogue read API on an empty catalogue", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(["/api/category", "/api/product", "/api/banner", "/api/banner/all", "/api/configuration"])(
    "%s is an empty list",
    async (pathname) => {
      expect(await getJson(server, pathname)).toEqual({ status: 200, body: [] });
    },
  );

  it("/api/banner/first is a 404 ERROR_GET_BANNER_PHOTOS", async () => {
    expect(await getJson(server, "/api/banner/first")).toEqual({
      status: 404,
      body: errorBody("ERROR_GET_BANNER_PHOTOS"),
    });
  });
});

describe("static files under path traversal", () => {
  let server: TestServer;
  let root: string;
  beforeAll(async () => {
    // build/client stand-in, with a secret beside it that no URL may reach.
    root = mkdtempSync(path.join(tmpdir(), "utilaje-static-"));
    mkdirSync(path.join(root, "client", "assets"), { recursive: true });
    writeFileSync(path.join(root, "client", "assets", "app.js"), "export {};\n");
    writeFileSync(path.join(root, "secret.txt"), "SECRET");
    server = await startTestServer(
      {},
      {
        clientDir: path.join(root, "client"),
        pages: async () => new Response("no such page", { status: 404 }),
      },
    );
  });
  afterAll(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("serves the assets themselves", async () => {
    const response = await rawRequest(server.url, "/assets/app.js");
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe("export {};\n");
  });

  it.each([
    "/assets/../../secret.txt",
    "/assets/..%2f..%2fsecret.txt",
    "/assets/%2e%2e/%2e%2e/secret.txt",
    "/..%2fsecret.txt",
    "/%2e%2e/secret.txt",
    "/media/../../secret.txt",
    "/media/%2e%2e/%2e%2e/secret.txt",
    "/api/../../secret.txt",
    "/assets/..\\..\\secret.txt",
  ])("%s never reaches a file outside the client directory", async (pathname) => {
    const response = await rawRequest(server.url, pathname);
    // Resolved dot segments leave /api and /media, so the page renderer answers (here a stand-in 404).
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body.toString()).not.toContain("SECRET");
  });
});
