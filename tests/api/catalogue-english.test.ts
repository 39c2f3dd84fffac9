import { describe, expect, it } from "vitest";
import type { BannerView, CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { callJson } from "../helpers/auth.ts";
import { createCategory, createProduct, json, productBody, versionOf } from "../helpers/catalogue-api.ts";
import { pngPayload } from "../helpers/pictures.ts";

/**
 * English beside the Romanian, in the catalogue API (SQLite and PostgreSQL, TEST_DIALECT): additive
 * fields of the spec's calls, validated with codes of their own, never lost by a save that leaves
 * them out; the spec's fields and payloads unchanged.
 */
const admin = withAdminServer();
const call = (method: string, path: string, body?: unknown) => callJson(admin.server, method, path, body, admin.token);

describe("categories in English", () => {
  it("stores name_en when given, empty when not, and keeps it through a spec §7 update without it", async () => {
    const plain = await createCategory(admin.server, admin.token, "Macarale");
    expect(plain.name_en).toBe("");
    const created = await json<CategoryView>(
      await call("POST", "/api/category/create", { name: "Nacele", name_en: "  Aerial   work platforms " }),
      201,
    );
    expect(created).toMatchObject({ name: "Nacele", name_en: "Aerial work platforms", slug: "nacele" });
    const renamed = await json<CategoryView>(
      await call("PUT", "/api/category/update", { uuid: created.uuid, name: "Nacele foarfeca" }),
      200,
    );
    expect(renamed).toMatchObject({ name: "Nacele foarfeca", name_en: "Aerial work platforms" });
    const cleared = await json<CategoryView>(
      await call("PUT", "/api/category/update", { uuid: created.uuid, name: "Nacele foarfeca", name_en: "" }),
      200,
    );
    expect(cleared.name_en).toBe("");
    expect(
      (await json<CategoryView[]>(await admin.server.fetch("/api/category"), 200)).find((c) => c.uuid === created.uuid)
        ?.name_en,
    ).toBe("");
  });

  it.each([["<script>alert(1)</script>"], ["x".repeat(101)], [42], [["Excavators"]]])(
    "refuses the English name %j with INVALID_CATEGORY_NAME_EN",
    async (name_en) => {
      const response = await call("POST", "/api/category/create", {
        name: `Categorie ${Math.random().toString(36).slice(2, 8)}`,
        name_en,
      });
      expect(await json(response, 400)).toEqual({ errors: [{ msg: "INVALID_CATEGORY_NAME_EN", path: "name_en" }] });
    },
  );

  it("bumps the catalogue version when only the English name changes", async () => {
    const category = await createCategory(admin.server, admin.token, "Compresoare");
    const before = await versionOf(admin.server);
    await json(
      await call("PUT", "/api/category/update", { uuid: category.uuid, name: "Compresoare", name_en: "Compressors" }),
      200,
    );
    expect(await versionOf(admin.server)).toBe(before + 1);
  });
});

describe("products in English", () => {
  it("stores the three English texts sanitised like the Romanian ones, and keeps them through an update without them", async () => {
    await createCategory(admin.server, admin.token, "Excavatoare EN");
    const body = await productBody("Excavatoare EN", "Model EN 1");
    const created = await json<ProductView>(
      await call("POST", "/api/product/create", {
        ...body,
        header_offer_en: '<p onclick="steal()">Rent <strong>today</strong><script>alert(1)</script></p>',
        details_en: '<p style="color:red">Details</p><img src=x onerror=alert(1)>',
        technical_data_en: "<p></p>",
      }),
      201,
    );
    expect(created.header_offer_en).toBe("<p>Rent <strong>today</strong></p>");
    expect(created.details_en).toBe("<p>Details</p>");
    // Nothing visible: not translated.
    expect(created.technical_data_en).toBe("");
    // The Romanian fields of the reply are what they were before English existed.
    expect(created).toMatchObject({
      header_offer: body.header_offer,
      details: body.details,
      technical_data: body.technical_data,
      category: "Excavatoare EN",
      category_en: "",
    });

    // Spec §7's update payload, which knows nothing of English.
    const spec = {
      ...body,
      uuid: created.uuid,
      header_photo: { uuid: imageIdOf(created.header_photo.image) },
      gallery: [],
    };
    const updated = await json<ProductView>(
      await call("PUT", "/api/product/update", { ...spec, details: "<p>Detalii noi</p>" }),
      200,
    );
    expect(updated).toMatchObject({
      details: "<p>Detalii noi</p>",
      header_offer_en: "<p>Rent <strong>today</strong></p>",
      details_en: "<p>Details</p>",
    });
  });

  it.each([
    ["header_offer_en", "INVALID_PRODUCT_HEADER_OFFER_EN"],
    ["details_en", "INVALID_PRODUCT_DETAILS_EN"],
    ["technical_data_en", "INVALID_PRODUCT_TECHNICAL_DATA_EN"],
  ])("refuses %s that is not text, or too long, with %s", async (field, code) => {
    const body = await productBody("Excavatoare EN", `Model ${field}`);
    for (const value of [12, "x".repeat(200_001)]) {
      expect(await json(await call("POST", "/api/product/create", { ...body, [field]: value }), 400)).toEqual({
        errors: [{ msg: code, path: field }],
      });
    }
  });

  it("shows the category's English name on its products", async () => {
    const category = await json<CategoryView>(
      await call("POST", "/api/category/create", { name: "Buldozere", name_en: "Bulldozers" }),
      201,
    );
    const product = await createProduct(admin.server, admin.token, await productBody(category.name, "Model EN 2", 0));
    expect(product.category_en).toBe("Bulldozers");
  });
});

describe("banners in English", () => {
  it("sets a caption in both languages and the English description, each kept when left out", async () => {
    const [banner] = await json<BannerView[]>(
      await call("POST", "/api/banner/create", [await pngPayload("#123456")]),
      201,
    );
    expect(banner).toMatchObject({ caption: "", caption_en: "", alt_en: "" });
    const id = banner?.uuid ?? "";
    const captioned = await json<BannerView>(
      await call("PUT", "/api/banner/update", {
        uuid: id,
        caption: "Flota\r\nproprie",
        caption_en: "Our own fleet",
        alt_en: "Excavator at work",
      }),
      200,
    );
    expect(captioned).toMatchObject({
      caption: "Flota proprie",
      caption_en: "Our own fleet",
      alt_en: "Excavator at work",
      alt: banner?.alt,
    });
    const altered = await json<BannerView>(
      await call("PUT", "/api/banner/update", { uuid: id, alt: "Excavator la lucru" }),
      200,
    );
    expect(altered).toMatchObject({
      alt: "Excavator la lucru",
      caption: "Flota proprie",
      caption_en: "Our own fleet",
      alt_en: "Excavator at work",
    });
    expect((await call("DELETE", `/api/banner/${id}`)).status).toBe(204);
  });

  it.each([
    ["caption", "x".repeat(121), "INVALID_BANNER_CAPTION"],
    ["caption_en", "x".repeat(121), "INVALID_BANNER_CAPTION_EN"],
    ["caption_en", 7, "INVALID_BANNER_CAPTION_EN"],
    ["alt_en", "x".repeat(301), "INVALID_BANNER_ALT_EN"],
  ])("refuses %s %# with its own code", async (field, value, code) => {
    const [banner] = await json<BannerView[]>(
      await call("POST", "/api/banner/create", [await pngPayload("#654321")]),
      201,
    );
    const response = await call("PUT", "/api/banner/update", { uuid: banner?.uuid, [field]: value });
    expect(await json(response, 400)).toEqual({ errors: [{ msg: code, path: field }] });
    await call("DELETE", `/api/banner/${banner?.uuid}`);
  });
});

/** The picture id of a /media path (its last segment without the extension). */
function imageIdOf(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1).replace(/\.\w+$/, "");
}
