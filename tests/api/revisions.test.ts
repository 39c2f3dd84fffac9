import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import type { RevisionDetail, RevisionPage } from "../../common/revisions/revision-schemas.ts";
import { pictureWork } from "../../server/media/picture-work.ts";
import { pruneRevisions } from "../../server/revisions/housekeeping.ts";
import { decodeState } from "../../server/revisions/revision-state.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { json, productBody, publicShape, formUpdateBody, pictureIdOf } from "../helpers/catalogue-api.ts";
import { errorBody } from "../helpers/error-body.ts";

/**
 * Revisions (decision 078): every save of a machine, a category or the configuration keeps one, in
 * its transaction, naming what changed; housekeeping keeps REVISION_LIMIT per item and
 * REVISION_RETENTION_DAYS; a picture a kept revision shows is not deleted.
 */
const admin = withAdminServer();

const DAY_MS = 86_400_000;
const MISSING = "00000000-0000-4000-8000-000000000000";

async function revisions(itemId: string) {
  return admin.server.services.db
    .selectFrom("revisions")
    .selectAll()
    .where("item_id", "=", itemId)
    .orderBy("at")
    .orderBy("id")
    .execute();
}

const category = async (name: string) =>
  json<CategoryView>(await admin.call("POST", "/api/category/create", { name }), 201);

async function newMachine(model: string, gallery = 1): Promise<ProductView> {
  const { name } = await category(`Categorie ${model}`);
  return json<ProductView>(
    await admin.call("POST", "/api/product/create", await productBody(name, model, gallery)),
    201,
  );
}

/** The form's save of the machine as it is, with `changes` on top (its pictures kept by uuid). */
function save(product: ProductView, changes: Record<string, unknown> = {}) {
  return admin.call("PUT", "/api/product/update", formUpdateBody(product, changes));
}

describe("a machine's saves", () => {
  it("keep one revision each, in the save's transaction, naming the fields changed", async () => {
    const product = await newMachine("Kubota KX057-5", 2);
    expect((await revisions(product.uuid)).map((row) => [row.action, row.summary, row.user_name])).toEqual([
      ["create", "Adaugat", "admin"],
    ]);
    const saved = await json<ProductView>(await save(product, { header_offer: "<p>Oferta noua</p>" }), 200);
    const second = await json<ProductView>(
      await save(saved, { units: 3, gallery: [{ uuid: pictureIdOf(saved.gallery[1]?.image ?? "") }] }),
      200,
    );
    const rows = await revisions(product.uuid);
    expect(rows.map((row) => [row.action, row.summary])).toEqual([
      ["create", "Adaugat"],
      ["update", "Modificat: oferta"],
      ["update", "Modificat: unitatile din flota, galeria"],
    ]);
    const last = decodeState("product", rows[2]?.state ?? new Uint8Array());
    expect(last.kind === "product" && last.state).toMatchObject({
      product: {
        header_offer: "<p>Oferta noua</p>",
        units: 3,
        header_image_id: pictureIdOf(product.header_photo.image),
      },
      gallery: [pictureIdOf(saved.gallery[1]?.image ?? "")],
    });
    // A save refused as a conflict keeps nothing.
    expect((await save(saved, { header_offer: "<p>Alta</p>" })).status).toBe(409);
    expect(await json<ProductView>(await save(second), 200)).toMatchObject({ version: second.version + 1 });
    expect((await revisions(product.uuid)).map((row) => row.summary).slice(3)).toEqual(["Salvat fara modificari"]);
  });

  it("keep the state they found at the first save of a machine that had no revision", async () => {
    const product = await newMachine("Bobcat E10");
    const { db } = admin.server.services;
    // As a machine stored before revisions began.
    const ids = (await revisions(product.uuid)).map((row) => row.id);
    await db.deleteFrom("revision_images").where("revision_id", "in", ids).execute();
    await db.deleteFrom("revisions").where("id", "in", ids).execute();
    await json(await save(product, { details: "<p>Detalii noi</p>" }), 200);
    const rows = await revisions(product.uuid);
    expect(rows.map((row) => [row.action, row.user_name, row.summary])).toEqual([
      ["baseline", "", "Versiunea de dinaintea istoricului"],
      ["update", "admin", "Modificat: detaliile"],
    ]);
    const first = decodeState("product", rows[0]?.state ?? new Uint8Array());
    expect(first.kind === "product" && first.state.product.details).toBe(product.details);
    // Dated when that state was saved, before the save that replaced it.
    expect(first.kind === "product" && first.state.product.updated_at).toBe(rows[0]?.at);
  });

  it("store a demo-sized machine in well under 4 KB", async () => {
    const text = (words: number) => `<p>${Array.from({ length: words }, (_, i) => `cuvant${i % 97}`).join(" ")}</p>`;
    const product = await newMachine("Volvo EC60", 4);
    await json(await save(product, { header_offer: text(120), details: text(300), technical_data: text(200) }), 200);
    const [, row] = await revisions(product.uuid);
    expect(row?.state.byteLength).toBeLessThan(4096);
  });
});

describe("a category's and the configuration's saves", () => {
  it("keep one revision per category save", async () => {
    const created = await category("Macarale");
    await json(
      await admin.call("PUT", "/api/category/update", {
        uuid: created.uuid,
        version: created.version,
        name: "Macarale",
        name_en: "Cranes",
        specifications: [{ name: "Sarcina", kind: "number", unit: "t", on_card: true, filter: true, options: [] }],
      }),
      200,
    );
    expect((await revisions(created.uuid)).map((row) => [row.action, row.summary])).toEqual([
      ["create", "Adaugat"],
      ["update", "Modificat: numele (EN), specificatiile"],
    ]);
  });

  it("keep one revision per configuration save, the first without a state to go back to on a new database", async () => {
    const primary = [
      { key: "contact_mail_to", value: "office@utilaje.ro" },
      { key: "contact_mail_subject", value: "Cerere oferta" },
      { key: "contact_phone", value: "0722123456" },
    ];
    await json(await admin.call("PUT", "/api/configuration/update", primary), 200);
    await json(
      await admin.call("PUT", "/api/configuration/update", [{ key: "contact_phone", value: "0722999999" }]),
      200,
    );
    const prices = [
      { key: "price_currency", value: "EUR" },
      { key: "price_vat_rate", value: "1900" },
      { key: "show_prices", value: "true" },
    ];
    await json(await admin.call("PUT", "/api/configuration/update", prices), 200);
    const rows = await revisions("configuration");
    expect(rows.map((row) => [row.action, row.summary])).toEqual([
      ["update", "Salvat fara modificari"],
      ["update", "Modificat: numarul de telefon (contact principal)"],
      ["update", "Modificat: moneda preturilor, cota TVA, afisarea preturilor"],
    ]);
    // The revision's changes name each key in the admin's words too, its key kept as the field.
    const detail = await json<RevisionDetail>(await admin.call("GET", `/api/revisions/${rows[2]?.id}`), 200);
    expect(detail.changes.map(({ field, label }) => [field, label])).toEqual([
      ["price_currency", "moneda preturilor"],
      ["price_vat_rate", "cota TVA"],
      ["show_prices", "afisarea preturilor"],
    ]);
    // The site's prices hidden again, as the other tests of this server read its public replies.
    await json(await admin.call("PUT", "/api/configuration/update", [{ key: "show_prices", value: "false" }]), 200);
  });
});

describe("housekeeping", () => {
  const prune = (now: Date, limit = 50) => {
    const { services } = admin.server;
    return pruneRevisions({ db: services.db, config: { ...services.config, REVISION_LIMIT: limit } }, now);
  };

  it("keeps the newest REVISION_LIMIT of an item and none older than REVISION_RETENTION_DAYS", async () => {
    let product = await newMachine("JCB 8008");
    for (const offer of ["<p>a</p>", "<p>b</p>", "<p>c</p>"])
      product = await json<ProductView>(await save(product, { header_offer: offer }), 200);
    const all = await revisions(product.uuid);
    expect(all).toHaveLength(4);
    await prune(new Date(), 2);
    expect((await revisions(product.uuid)).map((row) => row.id)).toEqual(all.slice(2).map((row) => row.id));
    await prune(new Date(Date.now() + 364 * DAY_MS));
    expect(await revisions(product.uuid)).toHaveLength(2);
    await prune(new Date(Date.now() + 366 * DAY_MS));
    expect(await revisions(product.uuid)).toEqual([]);
  });

  it("keeps a picture left out of the gallery while a revision shows it, and deletes it with its files after", async () => {
    const product = await newMachine("Wacker Neuson ET18", 2);
    const dropped = product.gallery[1]?.image ?? "";
    const id = pictureIdOf(dropped);
    const cache = path.join(admin.server.services.config.DATA_DIR, "media-cache");
    const files = () => (existsSync(cache) ? readdirSync(cache).filter((name) => name.startsWith(id)) : []);
    await expect.poll(() => files().length, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => pictureWork.activeCount + pictureWork.pendingCount, { timeout: 20_000 }).toBe(0);

    await json(await save(product, { gallery: [{ uuid: pictureIdOf(product.gallery[0]?.image ?? "") }] }), 200);
    const stored = async () =>
      (await admin.server.services.db.selectFrom("images").select("id").where("id", "=", id).executeTakeFirst()) !==
      undefined;
    // Kept, its files too, but no longer served: whoever removed it does not want it public.
    expect(await stored()).toBe(true);
    expect((await admin.server.fetch(dropped)).status).toBe(404);
    expect(files().length).toBeGreaterThan(0);
    // The newest revision no longer shows it: pruned down to that one, the picture stays no longer.
    await prune(new Date(), 1);
    expect(await stored()).toBe(false);
    expect(files()).toEqual([]);
    // The pictures the machine shows stay, whatever is pruned.
    await prune(new Date(Date.now() + 366 * DAY_MS));
    expect((await admin.server.fetch(product.header_photo.image)).status).toBe(200);
    expect((await admin.server.fetch(product.gallery[0]?.image ?? "")).status).toBe(200);
  });
});

describe("the history's calls", () => {
  const list = (kind: string, item: string) => admin.call("GET", `/api/revisions?kind=${kind}&item=${item}`);
  const page = async (item: string) => (await json<RevisionPage>(await list("product", item), 200)).items;

  it("list an item's revisions newest first, and read one's changes in words, a rich text's word by word", async () => {
    const product = await newMachine("Caterpillar 301");
    await json(await save(product, { header_offer: "<p>Oferta <strong>de iarna</strong> pentru santiere</p>" }), 200);
    const items = await page(product.uuid);
    expect(items.map((item) => [item.action, item.userName])).toEqual([
      ["update", "admin"],
      ["create", "admin"],
    ]);
    const detail = await json<RevisionDetail>(await admin.call("GET", `/api/revisions/${items[0]?.id}`), 200);
    expect(detail).toMatchObject({ kind: "product", itemId: product.uuid, previousAt: items[1]?.at });
    expect(detail.changes).toEqual([
      {
        field: "header_offer",
        label: "oferta",
        before: "Oferta speciala",
        after: "Oferta de iarna pentru santiere",
        words: [
          { text: "Oferta ", change: "same" },
          { text: "speciala", change: "removed" },
          { text: "de iarna pentru santiere", change: "added" },
        ],
      },
    ]);
    expect(
      (await json<RevisionDetail>(await admin.call("GET", `/api/revisions/${items[1]?.id}`), 200)).changes,
    ).toEqual([]);
  });

  it("say a rich text changed without its words past the request's budget: six texts of 199 000 characters", async () => {
    const product = await newMachine("Caterpillar 302");
    const text = (word: string) => `<p>${`${word} `.repeat(Math.floor(199_000 / (word.length + 1)))}</p>`;
    const fields = ["header_offer", "details", "technical_data", "header_offer_en", "details_en", "technical_data_en"];
    const saved = await json<ProductView>(
      await save(product, Object.fromEntries(fields.map((field) => [field, text("iarna")]))),
      200,
    );
    await json(await save(saved, Object.fromEntries(fields.map((field) => [field, text("vara")]))), 200);
    const [latest] = await page(product.uuid);
    const reply = await admin.call("GET", `/api/revisions/${latest?.id}`);
    const body = await reply.text();
    expect(body.length).toBeLessThan(20_000);
    const { changes } = JSON.parse(body) as RevisionDetail;
    expect(changes.map(({ field, after, words }) => [field, after, words])).toEqual(
      fields.map((field) => [field, "modificat (prea lung pentru a fi aratat aici)", undefined]),
    );
  });

  it("refuse what is not theirs to read", async () => {
    expect((await admin.server.fetch(`/api/revisions?kind=product&item=${MISSING}`)).status).toBe(401);
    expect(await json(await list("banner", MISSING), 400)).toEqual({
      errors: [{ msg: "INVALID_REVISION_KIND", path: "kind" }],
    });
    expect(await json(await list("product", "<script>"), 400)).toEqual({
      errors: [{ msg: "INVALID_REVISION_ITEM", path: "item" }],
    });
    expect(await json(await admin.call("GET", `/api/revisions/${MISSING}`), 404)).toEqual(
      errorBody("ERROR_REVISION_NOT_FOUND"),
    );
    expect(await json(await admin.call("POST", `/api/revisions/${MISSING}/restore`, {}), 404)).toEqual(
      errorBody("ERROR_REVISION_NOT_FOUND"),
    );
  });

  it("restore a revision as a new one, pictures it showed included, and log it", async () => {
    const product = await newMachine("Komatsu PC26", 2);
    const saved = await json<ProductView>(
      await save(product, {
        header_offer: "<p>Gresit</p>",
        gallery: [{ uuid: pictureIdOf(product.gallery[0]?.image ?? "") }],
      }),
      200,
    );
    const [, created] = await page(product.uuid);
    const stale = await admin.call("POST", `/api/revisions/${created?.id}/restore`, { version: product.version });
    expect((await json<{ error: { code: string } }>(stale, 409)).error.code).toBe("ERROR_EDIT_CONFLICT");
    const restored = await admin.call("POST", `/api/revisions/${created?.id}/restore`, { version: saved.version });
    expect(await json(restored, 200)).toEqual({ kind: "product", itemId: product.uuid });
    const back = await json<ProductView[]>(await admin.server.fetch(`/api/product/${product.uuid}`), 200);
    expect({ ...back[0], version: 0 }).toEqual({ ...publicShape(product), version: 0 });
    const items = await page(product.uuid);
    expect(items.map((item) => item.action)).toEqual(["restore", "update", "create"]);
    expect(items[0]?.summary).toMatch(/^Restaurata versiunea din .* UTC\. Modificat: oferta, galeria$/);
    const log = await admin.server.services.db
      .selectFrom("activity_log")
      .select("action")
      .where("item_id", "=", product.uuid)
      .orderBy("at")
      .execute();
    expect(log.map((row) => row.action)).toEqual(["create", "update", "restore"]);
  });

  it("of two restores on one version, let exactly one through", async () => {
    const product = await newMachine("Takeuchi TB216");
    const saved = await json<ProductView>(await save(product, { details: "<p>Altele</p>" }), 200);
    const [, created] = await page(product.uuid);
    const replies = await Promise.all(
      [1, 2].map(() => admin.call("POST", `/api/revisions/${created?.id}/restore`, { version: saved.version })),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    expect((await page(product.uuid)).map((item) => item.action)).toEqual(["restore", "update", "create"]);
  });

  it("say clearly why a revision cannot come back: its machine, its category or its pictures are gone", async () => {
    const product = await newMachine("Yanmar SV17");
    const [created] = await page(product.uuid);
    const restore = () => admin.call("POST", `/api/revisions/${created?.id}/restore`, {});
    const { db } = admin.server.services;
    const header = pictureIdOf(product.header_photo.image);
    // A picture deleted behind the history's back (no call does it while a revision shows it).
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("revision_images").where("image_id", "=", header).execute();
      await trx
        .updateTable("products")
        .set({ header_image_id: pictureIdOf(product.gallery[0]?.image ?? "") })
        .where("id", "=", product.uuid)
        .execute();
      await trx.deleteFrom("images").where("id", "=", header).execute();
    });
    expect(await json(await restore(), 409)).toEqual(errorBody("REVISION_PICTURES_GONE"));
    expect((await admin.call("DELETE", `/api/category/${product.category_uuid}`)).status).toBe(204);
    expect(await json(await restore(), 409)).toEqual(errorBody("REVISION_CATEGORY_GONE"));
    expect((await admin.call("DELETE", `/api/product/${product.uuid}`)).status).toBe(204);
    expect(await json(await restore(), 409)).toEqual(errorBody("REVISION_ITEM_GONE"));
  });

  it("restore a machine's revision whose choice its category has removed since, without that value", async () => {
    const created = await category("Nacele");
    const updated = await json<CategoryView>(
      await admin.call("PUT", "/api/category/update", {
        uuid: created.uuid,
        name: "Nacele",
        specifications: [
          {
            name: "Tip",
            kind: "choice",
            options: [{ name: "Foarfeca" }, { name: "Telescopica" }, { name: "Articulata" }],
          },
        ],
      }),
      200,
    );
    const definition = updated.specifications[0];
    const [scissor] = definition?.options ?? [];
    const product = await json<ProductView>(
      await admin.call("POST", "/api/product/create", {
        ...(await productBody("Nacele", "JLG 1930ES", 0)),
        specifications: { [definition?.uuid ?? ""]: scissor?.uuid },
      }),
      201,
    );
    await json(
      await save(product, { header_offer: "<p>Alta oferta</p>", specifications: product.specifications }),
      200,
    );
    await json(
      await admin.call("PUT", "/api/category/update", {
        uuid: created.uuid,
        name: "Nacele",
        // The category's definitions as the form sends them back, the scissor lift's option removed.
        specifications: updated.specifications.map(({ key: _key, ...kept }) => ({
          ...kept,
          options: kept.options.filter((item) => item.uuid !== scissor?.uuid).map(({ key: _option, ...item }) => item),
        })),
        confirm_value_changes: true,
      }),
      200,
    );
    const first = (await page(product.uuid)).at(-1);
    const [current] = await json<ProductView[]>(await admin.server.fetch(`/api/product/${product.uuid}`), 200);
    const restored = await admin.call("POST", `/api/revisions/${first?.id}/restore`, { version: current?.version });
    expect(await json(restored, 200)).toEqual({ kind: "product", itemId: product.uuid });
    const [back] = await json<ProductView[]>(await admin.server.fetch(`/api/product/${product.uuid}`), 200);
    expect(back?.header_offer).toBe(product.header_offer);
    expect(back?.specifications).toEqual({});
  });

  it("restore a category's names and specifications, and the configuration", async () => {
    const created = await category("Compactoare");
    const renamed = await json<CategoryView>(
      await admin.call("PUT", "/api/category/update", { uuid: created.uuid, name: "Compactoare gresit" }),
      200,
    );
    const [, first] = (await json<RevisionPage>(await list("category", created.uuid), 200)).items;
    await json(await admin.call("POST", `/api/revisions/${first?.id}/restore`, { version: renamed.version }), 200);
    const back = await json<CategoryView[]>(await admin.server.fetch("/api/category"), 200);
    expect(back.find((item) => item.uuid === created.uuid)?.name).toBe("Compactoare");

    const phone = async (value: string) =>
      json(await admin.call("PUT", "/api/configuration/update", [{ key: "contact_phone", value }]), 200);
    await phone("0722111111");
    await phone("0722222222");
    const [, older] = (await json<RevisionPage>(await list("configuration", "configuration"), 200)).items;
    await json(await admin.call("POST", `/api/revisions/${older?.id}/restore`, {}), 200);
    const entries = await json<{ key: string; value: string }[]>(await admin.server.fetch("/api/configuration"), 200);
    expect(entries.find((entry) => entry.key === "contact_phone")?.value).toBe("0722111111");
  });

  it("ask before a category's restore removes machines' values, and restore it when confirmed", async () => {
    const created = await category("Macarale mobile");
    const updated = await json<CategoryView>(
      await admin.call("PUT", "/api/category/update", {
        uuid: created.uuid,
        name: "Macarale mobile",
        specifications: [{ name: "Sarcina", kind: "number", unit: "t", options: [] }],
      }),
      200,
    );
    const load = updated.specifications[0]?.uuid ?? "";
    await json(
      await admin.call("POST", "/api/product/create", {
        ...(await productBody("Macarale mobile", "Liebherr LTM 1030", 0)),
        specifications: { [load]: 30 },
      }),
      201,
    );
    const [, first] = (await json<RevisionPage>(await list("category", created.uuid), 200)).items;
    const refused = await admin.call("POST", `/api/revisions/${first?.id}/restore`, {});
    expect((await json<{ error: { code: string } }>(refused, 409)).error.code).toBe("SPECIFICATION_VALUES_AFFECTED");
    await json(await admin.call("POST", `/api/revisions/${first?.id}/restore`, { confirm_value_changes: true }), 200);
    const back = await json<CategoryView>(await admin.server.fetch(`/api/category/${created.uuid}`), 200);
    expect(back.specifications).toEqual([]);
  });

  it("take a small JSON body only", async () => {
    const huge = await admin.call("POST", `/api/revisions/${MISSING}/restore`, {
      version: 1,
      pad: "x".repeat(200_000),
    });
    expect(huge.status).toBe(413);
    const deep = await admin.call("POST", `/api/revisions/${MISSING}/restore`, "[".repeat(5000));
    expect(deep.status).toBe(400);
    const response = await admin.server.fetch(`/api/revisions/${MISSING}/restore`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin.token}`, "content-type": "text/plain" },
      body: "{}",
    });
    expect(response.status).toBe(415);
  });
});
