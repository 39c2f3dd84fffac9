import { beforeAll, describe, expect, it } from "vitest";
import type { TrashList } from "../../common/trash/trash-schemas.ts";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import { imageIdFromPath } from "../../common/media/media-paths.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { callJson } from "../helpers/auth.ts";
import {
  createCategory,
  createProduct,
  json,
  productBody,
  publicShape,
  versionOf,
  type ProductBody,
} from "../helpers/catalogue-api.ts";
import { errorBody } from "../helpers/error-body.ts";
import { pngPayload } from "../helpers/pictures.ts";

const admin = withAdminServer();
beforeAll(async () => {
  await createCategory(admin.server, admin.token, "Excavatoare");
  await createCategory(admin.server, admin.token, "Buldozere");
});

const MISSING = "6f1c2f5e-8d4b-4c55-9f1a-2b3c4d5e6f70";
const create = (body: unknown) => callJson(admin.server, "POST", "/api/product/create", body, admin.token);
const update = (body: unknown) => callJson(admin.server, "PUT", "/api/product/update", body, admin.token);
const idOf = (path: string) => imageIdFromPath(path) ?? "";
const status = async (path: string) => (await admin.server.fetch(path)).status;
/** Whether the picture at `path` still has its row (kept for a revision or the trash, served or not). */
const storedImage = async (path: string) =>
  (await admin.server.services.db.selectFrom("images").select("id").where("id", "=", idOf(path)).executeTakeFirst()) !==
  undefined;

describe("POST /api/product/create", () => {
  it("creates the product with its pictures and replies with its read shape", async () => {
    const before = await versionOf(admin.server);
    const body = await productBody("excavatoare", "  CAT   320 GC ", 2);
    const product = await createProduct(admin.server, admin.token, body);
    expect(product).toMatchObject({
      model: "CAT 320 GC",
      slug: "cat-320-gc",
      category: "Excavatoare",
      category_slug: "excavatoare",
      header_offer: body.header_offer,
      details: body.details,
      technical_data: body.technical_data,
      header_photo: { alt: "cat 320 gc prezentare 1", width: 40, height: 30 },
      gallery: [{ alt: "cat 320 gc poza 1" }, { alt: "cat 320 gc poza 2" }],
    });
    expect(product.header_photo.image).toMatch(/^\/media\/produse\/excavatoare\/cat-320-gc\/[0-9a-f-]{36}\.png$/);
    expect(await json(await admin.server.fetch(`/api/product/${product.uuid}`), 200)).toEqual([publicShape(product)]);
    expect(await json(await admin.call("GET", `/api/product/edit/${product.uuid}`), 200)).toEqual(product);
    for (const picture of [product.header_photo, ...product.gallery]) expect(await status(picture.image)).toBe(200);
    expect(await versionOf(admin.server)).toBe(before + 1);
  });

  it("takes the category by its uuid as well, and the alt text the admin gives", async () => {
    const [category] = await json<{ uuid: string }[]>(await admin.server.fetch("/api/category"), 200);
    const body = await productBody(category?.uuid ?? "", "Volvo EC220");
    body.gallery = [{ ...(await pngPayload("#123456")), alt: "Volvo EC220 in lucru" }];
    const product = await createProduct(admin.server, admin.token, body);
    expect(product.category_uuid).toBe(category?.uuid);
    expect(product.gallery[0]?.alt).toBe("Volvo EC220 in lucru");
  });

  it("creates a product without a gallery", async () => {
    const body = await productBody("Excavatoare", "Fara galerie", 0);
    expect((await createProduct(admin.server, admin.token, body)).gallery).toEqual([]);
  });

  describe("with 'JCB 3CX' stored", () => {
    beforeAll(async () => {
      await createProduct(admin.server, admin.token, await productBody("Excavatoare", "JCB 3CX"));
    });

    it.each(["JCB 3CX", "jcb 3cx", " JCB   3CX ", "jcb-3cx"])(
      "answers 409 ERROR_PRODUCT_EXIST for %j, also in another category",
      async (model) => {
        const response = await create(await productBody("Buldozere", model));
        expect(await json(response, 409)).toEqual(errorBody("ERROR_PRODUCT_EXIST"));
      },
    );
  });

  it("creates a model only once when it is sent many times at once", async () => {
    const body = await productBody("Excavatoare", "Komatsu PC210");
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => create(body))))
      .map((reply) => reply.status)
      .sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
  });

  it("answers an unknown category with 400 INVALID_PRODUCT_CATEGORY", async () => {
    const response = await create(await productBody("Tractoare", "Fendt 700"));
    expect(await json(response, 400)).toEqual({ errors: [{ msg: "INVALID_PRODUCT_CATEGORY", path: "category" }] });
    const byId = await create(await productBody(MISSING, "Fendt 700"));
    expect(await json(byId, 400)).toEqual({ errors: [{ msg: "INVALID_PRODUCT_CATEGORY", path: "category" }] });
  });

  it("answers every missing field with its own code", async () => {
    expect(await json(await create({}), 400)).toEqual({
      errors: [
        { msg: "REQUIRED_PRODUCT_MODEL", path: "model" },
        { msg: "REQUIRED_PRODUCT_CATEGORY", path: "category" },
        { msg: "REQUIRED_PRODUCT_HEADER_OFFER", path: "header_offer" },
        { msg: "REQUIRED_PRODUCT_DETAILS", path: "details" },
        { msg: "REQUIRED_PRODUCT_TECHNICAL_DATA", path: "technical_data" },
        { msg: "REQUIRED_PRODUCT_HEADER_PHOTO", path: "header_photo" },
      ],
    });
  });

  it.each<[string, (body: ProductBody) => unknown, string, string]>([
    ["an empty model", (body) => ({ ...body, model: "  " }), "REQUIRED_PRODUCT_MODEL", "model"],
    ["a model with a slash", (body) => ({ ...body, model: "CAT/320" }), "INVALID_PRODUCT_MODEL", "model"],
    ["an empty category", (body) => ({ ...body, category: "" }), "REQUIRED_PRODUCT_CATEGORY", "category"],
    [
      "a category with a quote",
      (body) => ({ ...body, category: "Excavatoare'" }),
      "INVALID_PRODUCT_CATEGORY",
      "category",
    ],
    ["empty details", (body) => ({ ...body, details: "<p></p>" }), "REQUIRED_PRODUCT_DETAILS", "details"],
    [
      "an empty header offer",
      (body) => ({ ...body, header_offer: "" }),
      "REQUIRED_PRODUCT_HEADER_OFFER",
      "header_offer",
    ],
    [
      "empty technical data",
      (body) => ({ ...body, technical_data: "<p><br></p>" }),
      "REQUIRED_PRODUCT_TECHNICAL_DATA",
      "technical_data",
    ],
    [
      "details that are only a script",
      (body) => ({ ...body, details: "<script>alert(1)</script>" }),
      "REQUIRED_PRODUCT_DETAILS",
      "details",
    ],
    [
      "no header photo",
      (body) => ({ ...body, header_photo: undefined }),
      "REQUIRED_PRODUCT_HEADER_PHOTO",
      "header_photo",
    ],
    [
      "a header photo without bytes",
      (body) => ({ ...body, header_photo: { mime_type: "image/png" } }),
      "REQUIRED_PRODUCT_HEADER_PHOTO_IMAGE",
      "header_photo.image",
    ],
    [
      "a header photo that is not base64",
      (body) => ({ ...body, header_photo: { mime_type: "image/png", image: "%%%%" } }),
      "INVALID_PRODUCT_HEADER_PHOTO_IMAGE",
      "header_photo.image",
    ],
    ["a gallery that is not a list", (body) => ({ ...body, gallery: "x" }), "INVALID_PRODUCT_GALLERY", "gallery"],
    [
      "a gallery picture without bytes",
      (body) => ({ ...body, gallery: [{ mime_type: "image/png" }] }),
      "REQUIRED_PRODUCT_GALLERY_IMAGE",
      "gallery.0.image",
    ],
    [
      "a gallery picture that is not base64",
      (body) => ({ ...body, gallery: [{ mime_type: "image/png", image: "a b" }] }),
      "INVALID_PRODUCT_GALLERY_IMAGE",
      "gallery.0.image",
    ],
    [
      "a gallery picture without type",
      (body) => ({ ...body, gallery: [{ image: "iVBORw0KGgo=" }] }),
      "REQUIRED_PRODUCT_GALLERY_MIME_TYPE",
      "gallery.0.mime_type",
    ],
    [
      "a gallery picture of a foreign type",
      (body) => ({ ...body, gallery: [{ image: "iVBORw0KGgo=", mime_type: "image/svg+xml" }] }),
      "INVALID_PRODUCT_GALLERY_MIME_TYPE",
      "gallery.0.mime_type",
    ],
  ])("answers %s with 400 %s", async (_label, change, code, path) => {
    const response = await create(change(await productBody("Excavatoare", "Model valid")));
    expect(await json(response, 400)).toEqual({ errors: [{ msg: code, path }] });
  });

  it("answers six gallery pictures with 400 INVALID_PRODUCT_GALLERY", async () => {
    const response = await create(await productBody("Excavatoare", "Sase poze", 6));
    expect(await json(response, 400)).toEqual({ errors: [{ msg: "INVALID_PRODUCT_GALLERY", path: "gallery" }] });
  });

  it("stores rich text without scripts, handlers, dangerous links, frames or styles", async () => {
    const body = await productBody("Excavatoare", "Curat");
    body.header_offer =
      '<p onclick="steal()" style="position:fixed">Oferta<script>alert(1)</script></p><img src=x onerror="alert(1)">';
    body.details =
      '<p><a href="javascript:alert(1)">a</a> <a href="data:text/html,x">b</a> <a href="https://utilaje.ro">c</a></p><iframe src="https://evil.example"></iframe>';
    body.technical_data = '<table><tr><td style="background:url(javascript:x)">20 t</td></tr></table>';
    const product = await createProduct(admin.server, admin.token, body);
    expect(product.header_offer).toBe("<p>Oferta</p>");
    expect(product.details).toBe(
      '<p><a rel="noopener noreferrer nofollow">a</a> <a rel="noopener noreferrer nofollow">b</a> <a href="https://utilaje.ro" rel="noopener noreferrer nofollow">c</a></p>',
    );
    expect(product.technical_data).toBe("<table><tr><td>20 t</td></tr></table>");
    const [stored] = await json<ProductView[]>(await admin.server.fetch(`/api/product/${product.uuid}`), 200);
    expect(stored?.header_offer).toBe("<p>Oferta</p>");
  });
});

describe("PUT /api/product/update", () => {
  it("changes the fields, keeps pictures sent back by uuid, and deletes the ones left out", async () => {
    const product = await createProduct(
      admin.server,
      admin.token,
      await productBody("Excavatoare", "Liebherr R920", 3),
    );
    const [first, second, third] = product.gallery.map((picture) => picture.image);
    const fresh = await pngPayload("#abcdef", 50, 20);
    const before = await versionOf(admin.server);
    const updated = await json<ProductView>(
      await update({
        uuid: product.uuid,
        model: "Liebherr R 920",
        category: "Buldozere",
        header_offer: "<p>Noua oferta</p>",
        details: "<p>Noi detalii</p>",
        technical_data: "<p>Noi date</p>",
        header_photo: { uuid: idOf(product.header_photo.image) },
        gallery: [{ uuid: idOf(third ?? "") }, fresh, { uuid: idOf(first ?? "") }],
      }),
      200,
    );
    expect(await versionOf(admin.server)).toBe(before + 1);
    expect(updated).toMatchObject({
      uuid: product.uuid,
      model: "Liebherr R 920",
      slug: "liebherr-r-920",
      category: "Buldozere",
      header_offer: "<p>Noua oferta</p>",
      header_photo: { alt: "liebherr r 920 prezentare 1" },
      gallery: [
        { alt: "liebherr r 920 poza 1" },
        { alt: "liebherr r 920 poza 2", width: 50, height: 20 },
        { alt: "liebherr r 920 poza 3" },
      ],
    });
    // Kept pictures keep their id (and so their cached URLs); the new one is new; the one left out
    // stays stored while the revision before this save shows it (decision 078).
    expect(idOf(updated.header_photo.image)).toBe(idOf(product.header_photo.image));
    expect(updated.gallery.map((picture) => idOf(picture.image))).toEqual([
      idOf(third ?? ""),
      expect.any(String),
      idOf(first ?? ""),
    ]);
    expect(await status(updated.gallery[1]?.image ?? "")).toBe(200);
    // Stored, but no longer served: an administrator who removed it does not want it public.
    expect(await storedImage(second ?? "")).toBe(true);
    expect(await status(second ?? "")).toBe(404);
  });

  it("replaces the header picture when new bytes come", async () => {
    const product = await createProduct(
      admin.server,
      admin.token,
      await productBody("Excavatoare", "Hyundai HX220", 0),
    );
    const updated = await json<ProductView>(
      await update({ ...(await productBody("Excavatoare", "Hyundai HX220", 0)), uuid: product.uuid }),
      200,
    );
    expect(idOf(updated.header_photo.image)).not.toBe(idOf(product.header_photo.image));
    // The old one stays stored while a revision shows it (decision 078), but is no longer served.
    expect(await storedImage(product.header_photo.image)).toBe(true);
    expect(await status(product.header_photo.image)).toBe(404);
  });

  it("refuses to keep a picture of another product", async () => {
    const mine = await createProduct(admin.server, admin.token, await productBody("Excavatoare", "Doosan DX225", 1));
    const theirs = await createProduct(admin.server, admin.token, await productBody("Excavatoare", "Doosan DX300", 1));
    const body = {
      ...(await productBody("Excavatoare", "Doosan DX225", 0)),
      uuid: mine.uuid,
      gallery: [{ uuid: idOf(theirs.gallery[0]?.image ?? "") }],
    };
    expect(await json(await update(body), 400)).toEqual({
      errors: [{ msg: "INVALID_PRODUCT_GALLERY_IMAGE", path: "gallery.0.uuid" }],
    });
    expect(await json(await update({ ...body, gallery: [], header_photo: { uuid: MISSING } }), 400)).toEqual({
      errors: [{ msg: "INVALID_PRODUCT_HEADER_PHOTO_IMAGE", path: "header_photo.uuid" }],
    });
  });

  it("answers 409 ERROR_PRODUCT_EXIST when the new model belongs to another product", async () => {
    await createProduct(admin.server, admin.token, await productBody("Excavatoare", "Case CX130"));
    const other = await createProduct(admin.server, admin.token, await productBody("Excavatoare", "Case CX160"));
    const response = await update({ ...(await productBody("Excavatoare", "CASE cx130")), uuid: other.uuid });
    expect(await json(response, 409)).toEqual(errorBody("ERROR_PRODUCT_EXIST"));
  });

  it.each([MISSING, "x"])("answers an unknown id %s with 404 ERROR_UPDATE_PRODUCT", async (uuid) => {
    const response = await update({ ...(await productBody("Excavatoare", "Nimeni")), uuid });
    expect(await json(response, 404)).toEqual(errorBody("ERROR_UPDATE_PRODUCT"));
  });

  it("needs the product's uuid", async () => {
    const response = await update(await productBody("Excavatoare", "Fara id"));
    expect(await json(response, 400)).toEqual({ errors: [{ msg: "ERROR_UPDATE_PRODUCT", path: "uuid" }] });
  });
});

describe("DELETE /api/product/{id}", () => {
  it("moves the product to the trash: gone from every read, its pictures kept (not served) until it is purged", async () => {
    const product = await createProduct(
      admin.server,
      admin.token,
      await productBody("Excavatoare", "Takeuchi TB290", 2),
    );
    const before = await versionOf(admin.server);
    expect(
      (await callJson(admin.server, "DELETE", `/api/product/${product.uuid}`, undefined, admin.token)).status,
    ).toBe(204);
    expect(await versionOf(admin.server)).toBe(before + 1);
    expect(await json(await admin.server.fetch(`/api/product/${product.uuid}`), 404)).toEqual(
      errorBody("ERROR_GET_PRODUCT"),
    );
    // Kept stored while in the trash, but no longer served (decision 080).
    const ids = [product.header_photo, ...product.gallery].map((picture) => idOf(picture.image));
    const stored = () => admin.server.services.db.selectFrom("images").select("id").where("id", "in", ids).execute();
    expect(await stored()).toHaveLength(ids.length);
    for (const picture of [product.header_photo, ...product.gallery]) expect(await status(picture.image)).toBe(404);
    const entry = (
      await json<TrashList>(await callJson(admin.server, "GET", "/api/trash", undefined, admin.token), 200)
    ).items.find((item) => item.itemId === product.uuid);
    expect((await callJson(admin.server, "DELETE", `/api/trash/${entry?.id}`, undefined, admin.token)).status).toBe(
      204,
    );
    expect(await stored()).toEqual([]);
    const galleryRows = await admin.server.services.db
      .selectFrom("product_gallery")
      .selectAll()
      .where("product_id", "=", product.uuid)
      .execute();
    expect(galleryRows).toEqual([]);
  });

  it.each([MISSING, "not-an-id"])("answers an unknown id %s with 404 ERROR_DELETE_PRODUCT", async (id) => {
    const response = await callJson(admin.server, "DELETE", `/api/product/${id}`, undefined, admin.token);
    expect(await json(response, 404)).toEqual(errorBody("ERROR_DELETE_PRODUCT"));
  });
});
