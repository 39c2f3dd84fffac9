import { describe, expect, it } from "vitest";
import type {
  BannerView,
  CategoryView,
  ConfigurationEntry,
  ProductView,
} from "../../common/catalogue/catalogue-views.ts";
import { errorMessage } from "../../common/errors/error-codes.ts";
import { EDIT_VERSION_MAX } from "../../common/fields/schema-fields.ts";
import { imageIdFromPath } from "../../common/media/media-paths.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { createProduct, json, productBody, publicShape, versionOf } from "../helpers/catalogue-api.ts";
import { pngPayload } from "../helpers/pictures.ts";

/**
 * Versions of the records the admin edits (decision 068), over real HTTP on either database
 * (TEST_DIALECT): a save based on a version another save replaced is refused with 409
 * ERROR_EDIT_CONFLICT and the record as it is now, and changes nothing; of saves made at the same
 * moment on one version exactly one succeeds; a save without a version (spec §7) still overwrites.
 */

const admin = withAdminServer();

type Body = Record<string, unknown>;

interface Conflict<Current> {
  error: { code: string; message: string; current: Current; saved_at?: string };
}

let counter = 0;
/** A name no other test of the file uses (categories and models are unique). */
function unique(prefix: string): string {
  counter += 1;
  return `${prefix} ${String.fromCharCode(97 + (counter % 26))}${counter}`;
}

const updateCategory = (body: Body) => admin.call("PUT", "/api/category/update", body);
const readCategory = async (id: string) => json<CategoryView>(await admin.server.fetch(`/api/category/${id}`), 200);
const readProduct = async (id: string) =>
  json<ProductView>(await admin.server.fetch(`/api/product/details/${id}`), 200);

async function newCategory(body: Body = {}): Promise<CategoryView> {
  return json<CategoryView>(
    await admin.call("POST", "/api/category/create", { name: unique("Categorie"), ...body }),
    201,
  );
}

/** What the category form sends: the names and the full list of specifications as loaded. */
function categoryEdit(category: CategoryView): Body {
  return {
    uuid: category.uuid,
    name: category.name,
    name_en: category.name_en,
    specifications: category.specifications.map(({ uuid, name, name_en, kind, unit, options, on_card, filter }) => ({
      uuid,
      name,
      name_en,
      kind,
      ...(kind === "number" ? { unit } : {}),
      options: options.map((option) => ({ uuid: option.uuid, name: option.name, name_en: option.name_en })),
      on_card,
      filter,
    })),
  };
}

/** What the product form sends: every field, its pictures kept by uuid. */
function productEdit(product: ProductView): Body {
  const kept = (path: string) => ({ uuid: imageIdFromPath(path) ?? "" });
  return {
    uuid: product.uuid,
    model: product.model,
    category: product.category_uuid,
    header_offer: product.header_offer,
    details: product.details,
    technical_data: product.technical_data,
    header_photo: kept(product.header_photo.image),
    gallery: product.gallery.map((picture) => kept(picture.image)),
    specifications: product.specifications,
  };
}

async function conflict<Current>(response: Response): Promise<Conflict<Current>> {
  const body = await json<Conflict<Current>>(response, 409);
  expect(body.error).toMatchObject({ code: "ERROR_EDIT_CONFLICT", message: errorMessage("ERROR_EDIT_CONFLICT") });
  return body;
}

/** The statuses of saves sent at the same moment, in order. */
async function statusesOf(saves: Promise<Response>[]): Promise<number[]> {
  const replies = await Promise.all(saves);
  await Promise.all(replies.map((reply) => reply.arrayBuffer()));
  return replies.map((reply) => reply.status).sort();
}

describe("a category's version", () => {
  it("starts at 1, and every save adds one; a save without a version overwrites as in spec §7", async () => {
    const category = await newCategory();
    expect(category.version).toBe(1);
    const renamed = await json<CategoryView>(await updateCategory({ uuid: category.uuid, name: unique("Alta") }), 200);
    expect(renamed.version).toBe(2);
    const again = await json<CategoryView>(await updateCategory({ uuid: category.uuid, name: unique("Inca") }), 200);
    expect(again.version).toBe(3);
    expect(await readCategory(category.uuid)).toEqual(again);
  });

  it("refuses a save based on an old version with 409, the category as it is now, and changes nothing", async () => {
    const loaded = await newCategory();
    const other = await json<CategoryView>(
      await updateCategory({ ...categoryEdit(loaded), name: unique("Salvat de B"), version: loaded.version }),
      200,
    );
    const before = await versionOf(admin.server);
    const refused = await conflict<CategoryView>(
      await updateCategory({ ...categoryEdit(loaded), name: unique("Salvat de A"), version: loaded.version }),
    );
    expect(refused.error.current).toEqual(other);
    expect(refused.error.saved_at).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(await readCategory(loaded.uuid)).toEqual(other);
    expect(await versionOf(admin.server)).toBe(before);
    // Overwriting knowingly: the save sent again with the version the refusal gave.
    const overwritten = await json<CategoryView>(
      await updateCategory({ ...categoryEdit(loaded), name: "Suprascrisa de A", version: other.version }),
      200,
    );
    expect(overwritten).toMatchObject({ name: "Suprascrisa de A", version: other.version + 1 });
  });

  it("lets exactly one of several saves based on one version through", async () => {
    const loaded = await newCategory();
    const statuses = await statusesOf(
      Array.from({ length: 6 }, (_, index) =>
        updateCategory({ ...categoryEdit(loaded), name: unique(`Paralel ${index}`), version: loaded.version }),
      ),
    );
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await readCategory(loaded.uuid)).version).toBe(loaded.version + 1);
  });

  it("keeps a specification another administrator added, and its values, from a stale list sent with confirm_value_changes", async () => {
    const weight = { name: "Greutate", name_en: "Weight", kind: "number", unit: "kg", on_card: true, filter: true };
    const category = await newCategory({ specifications: [weight] });
    // Administrator A opens the category's form.
    const seenByA = await readCategory(category.uuid);
    // Administrator B adds a specification, then gives a machine a value for it.
    const depth = { name: "Adancime", name_en: "Depth", kind: "number", unit: "m", on_card: false, filter: true };
    const edit = categoryEdit(seenByA);
    const withDepth = await json<CategoryView>(
      await updateCategory({
        ...edit,
        specifications: [...(edit.specifications as Body[]), depth],
        version: seenByA.version,
      }),
      200,
    );
    const depthId = withDepth.specifications[1]?.uuid ?? "";
    const machine = await json<ProductView>(
      await admin.call("POST", "/api/product/create", {
        ...(await productBody(category.uuid, unique("Utilaj"))),
        specifications: { [depthId]: 6.5 },
      }),
      201,
    );
    // A saves the list as it was loaded, confirming value changes (it would remove B's specification).
    const refused = await conflict<CategoryView>(
      await updateCategory({ ...categoryEdit(seenByA), confirm_value_changes: true, version: seenByA.version }),
    );
    expect(refused.error.current.specifications.map((specification) => specification.name)).toEqual([
      "Greutate",
      "Adancime",
    ]);
    expect(await readCategory(category.uuid)).toEqual(withDepth);
    expect((await readProduct(machine.uuid)).specifications).toEqual({ [depthId]: 6.5 });
  });

  it.each([
    ["a text", "3"],
    ["zero", 0],
    ["a fraction", 1.5],
    ["past PostgreSQL's integer", EDIT_VERSION_MAX + 1],
  ])("refuses %s as a version with 400 INVALID_EDIT_VERSION", async (_label, version) => {
    const category = await newCategory();
    expect(await json(await updateCategory({ ...categoryEdit(category), version }), 400)).toEqual({
      errors: [{ msg: "INVALID_EDIT_VERSION", path: "version" }],
    });
  });

  it("still answers 404 for a category that does not exist, with or without a version", async () => {
    const missing = { uuid: "6f1c2f5e-8d4b-4c55-9f1a-2b3c4d5e6f70", name: unique("Lipsa") };
    for (const body of [missing, { ...missing, version: 1 }]) {
      expect((await updateCategory(body)).status).toBe(404);
    }
  });
});

describe("a machine's version", () => {
  async function newProduct(): Promise<ProductView> {
    const category = await newCategory();
    return createProduct(admin.server, admin.token, await productBody(category.uuid, unique("Model")));
  }
  const update = (body: Body) => admin.call("PUT", "/api/product/update", body);

  it("refuses a save based on an old version with 409 and the machine as it is now; without a version it overwrites", async () => {
    const loaded = await newProduct();
    expect(loaded.version).toBe(1);
    const other = await json<ProductView>(
      await update({ ...productEdit(loaded), details: "<p>Detaliile lui B</p>", version: loaded.version }),
      200,
    );
    expect(other.version).toBe(2);
    const refused = await conflict<ProductView>(
      await update({ ...productEdit(loaded), details: "<p>Detaliile lui A</p>", version: loaded.version }),
    );
    expect(refused.error.current).toEqual(other);
    expect(refused.error.saved_at).toEqual(expect.any(String));
    expect(await readProduct(loaded.uuid)).toEqual(publicShape(other));
    const overwritten = await json<ProductView>(
      await update({ ...productEdit(loaded), details: "<p>Spec 7</p>" }),
      200,
    );
    expect(overwritten).toMatchObject({ details: "<p>Spec 7</p>", version: 3 });
  });

  it("lets exactly one of several saves based on one version through", async () => {
    const loaded = await newProduct();
    const statuses = await statusesOf(
      Array.from({ length: 5 }, (_, index) =>
        update({ ...productEdit(loaded), details: `<p>Salvarea ${index}</p>`, version: loaded.version }),
      ),
    );
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    expect((await readProduct(loaded.uuid)).version).toBe(loaded.version + 1);
  });
});

describe("a banner's version", () => {
  const update = (body: Body) => admin.call("PUT", "/api/banner/update", body);

  it("refuses texts based on an old version with 409 and the banner as it is now; exactly one of saves at once wins", async () => {
    const [banner] = await json<BannerView[]>(
      await admin.call("POST", "/api/banner/create", [await pngPayload("#345678")]),
      201,
    );
    if (!banner) throw new Error("no banner created");
    expect(banner.version).toBe(1);
    const other = await json<BannerView>(await update({ uuid: banner.uuid, caption: "De la B", version: 1 }), 200);
    expect(other).toMatchObject({ caption: "De la B", version: 2 });
    const refused = await conflict<BannerView>(await update({ uuid: banner.uuid, caption: "De la A", version: 1 }));
    expect(refused.error.current).toEqual(other);
    const statuses = await statusesOf(
      Array.from({ length: 4 }, (_, index) => update({ uuid: banner.uuid, caption: `Paralel ${index}`, version: 2 })),
    );
    expect(statuses).toEqual([200, 409, 409, 409]);
    expect(await json(await update({ uuid: banner.uuid, caption: "Fara versiune" }), 200)).toMatchObject({
      caption: "Fara versiune",
      version: 4,
    });
  });
});

describe("the configuration's versions", () => {
  const read = async () => json<ConfigurationEntry[]>(await admin.server.fetch("/api/configuration"), 200);
  const update = (entries: unknown) => admin.call("PUT", "/api/configuration/update", entries);
  const VALUES: Record<string, string> = {
    contact_mail_to: "office@example.ro",
    contact_mail_subject: "Cerere",
    contact_phone: "0722000000",
  };
  /** What the configuration screen sends: every entry it loaded, with its version. */
  const edit = (entries: readonly ConfigurationEntry[], changes: Record<string, string>) =>
    entries.map(({ uuid, key, value, version }) => ({ uuid, key, value: changes[key] ?? value, version }));

  it("refuses settings based on an entry another save changed, whole, with 409 and every entry as it is now", async () => {
    await json(await update(Object.entries(VALUES).map(([key, value]) => ({ key, value }))), 200);
    const loaded = await read();
    expect(loaded.every((entry) => entry.version >= 1)).toBe(true);
    const other = await json<ConfigurationEntry[]>(
      await update(edit(loaded, { contact_mail_subject: "Subiectul lui B" })),
      200,
    );
    const refused = await conflict<ConfigurationEntry[]>(await update(edit(loaded, { contact_phone: "0733111111" })));
    expect(refused.error.current).toEqual(other);
    expect(await read()).toEqual(other);
    const statuses = await statusesOf(
      Array.from({ length: 4 }, (_, index) => update(edit(other, { contact_mail_subject: `Paralel ${index}` }))),
    );
    expect(statuses).toEqual([200, 409, 409, 409]);
  });
});

describe("the OpenAPI document", () => {
  it("documents `version` on the four writes and the 409 with the record as it is now", async () => {
    const document = await json<{ paths: Record<string, Record<string, unknown>> }>(
      await admin.server.fetch("/api/openapi.json"),
      200,
    );
    const text = JSON.stringify(document);
    for (const id of ["CategoryConflictBody", "ProductConflictBody", "BannerConflictBody", "ConfigurationConflictBody"])
      expect(text).toContain(`#/components/schemas/${id}`);
    expect(text).toContain("ERROR_EDIT_CONFLICT");
  });
});
