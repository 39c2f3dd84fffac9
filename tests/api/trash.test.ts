import { existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { BookingView } from "../../common/bookings/booking-schemas.ts";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import { addDays, romanianDay } from "../../common/days/romanian-day.ts";
import { imageIdFromPath, variantPath } from "../../common/media/media-paths.ts";
import type { TrashList } from "../../common/trash/trash-schemas.ts";
import { purgeExpiredTrash } from "../../server/trash/housekeeping.ts";
import { sweepOrphanVariants } from "../../server/trash/orphan-variants.ts";
import { pictureWork } from "../../server/media/picture-work.ts";
import { productionSite } from "../../server/pages/ssr.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { json, productBody } from "../helpers/catalogue-api.ts";
import { errorBody } from "../helpers/error-body.ts";

/**
 * The trash (decision 074): a deleted machine leaves the public site at once and comes back whole;
 * a model taken meanwhile asks for another; a purge deletes its rows, then its pictures' files.
 */
const admin = withAdminServer({ SEED_DEMO: "true" }, productionSite);

const trash = async () => (await json<TrashList>(await admin.call("GET", "/api/trash"), 200)).items;
const products = async () => json<ProductView[]>(await admin.server.fetch("/api/product"), 200);
const pagePath = (product: ProductView) => `/categorie/${product.category_slug}/utilaj/${product.slug}`;
/** A page as its reader gets it, each request's nonce aside. */
async function page(pathname: string): Promise<{ status: number; body: string }> {
  const response = await admin.server.fetch(pathname);
  return { status: response.status, body: (await response.text()).replace(/nonce="[^"]+"/g, 'nonce=""') };
}
const pictureIds = (product: ProductView) =>
  [product.header_photo, ...product.gallery].map((picture) => imageIdFromPath(picture.image) ?? "");

/** A demo machine with a gallery and typed values: the most a snapshot holds. */
async function richestMachine(): Promise<ProductView> {
  const all = await products();
  const chosen = [...all].sort(
    (a, b) =>
      b.gallery.length +
      Object.keys(b.specifications).length -
      (a.gallery.length + Object.keys(a.specifications).length),
  )[0];
  if (!chosen) throw new Error("no demo machine");
  return chosen;
}

/** A new machine in a new category, both deleted: the machine first, then its category. */
async function deletedBoth(categoryName: string, model: string) {
  const category = await json<{ uuid: string; name: string }>(
    await admin.call("POST", "/api/category/create", { name: categoryName }),
    201,
  );
  const product = await json<ProductView>(
    await admin.call("POST", "/api/product/create", await productBody(category.name, model)),
    201,
  );
  expect((await admin.call("DELETE", `/api/product/${product.uuid}`)).status).toBe(204);
  expect((await admin.call("DELETE", `/api/category/${category.uuid}`)).status).toBe(204);
  return { category, product };
}

describe("delete, then restore", () => {
  it("takes a machine off the site at once and gives back the same pages, values and pictures", async () => {
    const product = await richestMachine();
    expect(product.gallery.length).toBeGreaterThan(0);
    const before = { ro: await page(pagePath(product)), en: await page(`${pagePath(product)}?lang=en`) };
    expect(before.ro.status).toBe(200);
    const sitemap = async () => (await admin.server.fetch("/sitemap.xml")).text();
    expect(await sitemap()).toContain(product.slug);

    expect((await admin.call("DELETE", `/api/product/${product.uuid}`)).status).toBe(204);
    expect((await admin.server.fetch(`/api/product/details/${product.uuid}`)).status).toBe(404);
    expect(await sitemap()).not.toContain(product.slug);
    // While it is in the trash its address answers 410, in the site's layout, offering its category and the contact form.
    const gone = await page(pagePath(product));
    expect(gone.status).toBe(410);
    expect(gone.body).toContain("Utilajul nu mai este în ofertă");
    expect(gone.body).toContain(`${product.model} a fost retras din ofertă`);
    expect(gone.body).toContain(`href="/categorie/${product.category_slug}"`);
    expect(gone.body).toContain('href="/contact"');
    const goneEn = await page(`${pagePath(product)}?lang=en`);
    expect(goneEn.status).toBe(410);
    expect(goneEn.body).toContain("This machine is no longer on offer");
    // Its pictures stay stored while it is in the trash, but /media answers 404 for them (decision 080),
    // originals, variants and revalidations alike.
    const addresses = [product.header_photo, ...product.gallery].flatMap((picture) => [
      picture.image,
      variantPath(picture.image, 320, "webp"),
    ]);
    const statuses = async (init?: RequestInit) =>
      Promise.all(addresses.map(async (address) => (await admin.server.fetch(address, init)).status));
    expect(new Set(await statuses())).toEqual(new Set([404]));
    expect(new Set(await statuses({ headers: { "If-None-Match": "*" } }))).toEqual(new Set([404]));
    const [entry] = await trash();
    expect(entry).toMatchObject({ kind: "product", itemId: product.uuid, itemName: product.model, userName: "admin" });

    const restored = await admin.call("POST", `/api/trash/${entry?.id}/restore`, {});
    expect(await json(restored, 200)).toEqual({ kind: "product", itemId: product.uuid });
    const back = await json<ProductView>(await admin.server.fetch(`/api/product/details/${product.uuid}`), 200);
    expect({ ...back, version: 0 }).toEqual({ ...product, version: 0 });
    expect(new Set(await statuses())).toEqual(new Set([200]));
    expect(await page(pagePath(product))).toEqual(before.ro);
    expect(await page(`${pagePath(product)}?lang=en`)).toEqual(before.en);
    expect(await sitemap()).toContain(product.slug);
    expect(await trash()).toEqual([]);
    const log = await admin.server.services.db
      .selectFrom("activity_log")
      .select(["action", "item_id"])
      .where("item_id", "=", product.uuid)
      .execute();
    expect(log.map((row) => row.action).sort()).toEqual(["delete", "restore"]);
  });

  it("gives a machine back with its fleet and its bookings, cancelled ones too", async () => {
    const [category] = await json<{ name: string }[]>(await admin.server.fetch("/api/category"), 200);
    const product = await json<ProductView>(
      await admin.call("POST", "/api/product/create", {
        ...(await productBody(category?.name ?? "", "Wacker Neuson EZ17")),
        units: 3,
      }),
      201,
    );
    const tomorrow = addDays(romanianDay(), 1);
    const book = async (body: object) =>
      json<BookingView>(
        await admin.call("POST", "/api/bookings", {
          product_uuid: product.uuid,
          units: 2,
          first_day: tomorrow,
          last_day: addDays(tomorrow, 4),
          state: "confirmat",
          note: "Santier Floresti",
          ...body,
        }),
        201,
      );
    const kept = await book({});
    const cancelled = await book({ state: "tentativ", units: 1 });
    await json(await admin.call("POST", `/api/bookings/${cancelled.uuid}/cancel`, {}), 200);
    const bookingsBefore = await json<BookingView[]>(
      await admin.call("GET", `/api/bookings?product=${product.uuid}`),
      200,
    );
    expect(bookingsBefore.map((booking) => booking.uuid).sort()).toEqual([kept.uuid, cancelled.uuid].sort());

    expect((await admin.call("DELETE", `/api/product/${product.uuid}`)).status).toBe(204);
    expect(await json(await admin.call("GET", `/api/bookings?product=${product.uuid}`), 200)).toEqual([]);
    const entry = (await trash()).find((item) => item.itemId === product.uuid);
    await json(await admin.call("POST", `/api/trash/${entry?.id}/restore`, {}), 200);

    const back = await json<ProductView>(await admin.server.fetch(`/api/product/details/${product.uuid}`), 200);
    expect(back.units).toBe(3);
    expect(await json(await admin.call("GET", `/api/bookings?product=${product.uuid}`), 200)).toEqual(bookingsBefore);
  });

  it("asks for another model when one was taken meanwhile (409 TRASH_MODEL_TAKEN), then restores under it", async () => {
    const [category] = await json<{ name: string }[]>(await admin.server.fetch("/api/category"), 200);
    const first = await json<ProductView>(
      await admin.call("POST", "/api/product/create", await productBody(category?.name ?? "", "Takeuchi TB216")),
      201,
    );
    expect((await admin.call("DELETE", `/api/product/${first.uuid}`)).status).toBe(204);
    await json(
      await admin.call("POST", "/api/product/create", await productBody(category?.name ?? "", "Takeuchi TB216")),
      201,
    );
    const entry = (await trash()).find((item) => item.itemId === first.uuid);
    const restore = (body: unknown) => admin.call("POST", `/api/trash/${entry?.id}/restore`, body);
    expect(await json(await restore({}), 409)).toEqual(errorBody("TRASH_MODEL_TAKEN"));
    expect(await json(await restore({ model: "<script>" }), 400)).toEqual({
      errors: [{ msg: "INVALID_PRODUCT_MODEL", path: "model" }],
    });
    await json(await restore({ model: "Takeuchi TB216 vechi" }), 200);
    const back = await json<ProductView>(await admin.server.fetch(`/api/product/details/${first.uuid}`), 200);
    expect(back).toMatchObject({ model: "Takeuchi TB216 vechi", slug: "takeuchi-tb216-vechi" });
    expect(pictureIds(back)).toEqual(pictureIds(first));
  });

  it("restores a category whole: its specifications, its machines and their values", async () => {
    const [category] = (
      await json<{ uuid: string; name: string; specifications: unknown[] }[]>(
        await admin.server.fetch("/api/category"),
        200,
      )
    ).filter((item) => item.specifications.length > 0);
    if (!category) throw new Error("no demo category with specifications");
    const machinesBefore = (await products()).filter((product) => product.category_uuid === category.uuid);
    const categoryBefore = await json(await admin.server.fetch(`/api/category/${category.uuid}`), 200);
    expect(machinesBefore.length).toBeGreaterThan(0);
    expect((await admin.call("DELETE", `/api/category/${category.uuid}`)).status).toBe(204);
    expect((await products()).filter((product) => product.category_uuid === category.uuid)).toEqual([]);
    const entry = (await trash()).find((item) => item.itemId === category.uuid);
    expect(entry).toMatchObject({ kind: "category", itemName: category.name });
    expect(await json(await admin.call("POST", `/api/trash/${entry?.id}/restore`, {}), 200)).toEqual({
      kind: "category",
      itemId: category.uuid,
    });
    expect({
      ...(await json<object>(await admin.server.fetch(`/api/category/${category.uuid}`), 200)),
      version: 0,
    }).toEqual({
      ...(categoryBefore as object),
      version: 0,
    });
    const machinesAfter = (await products()).filter((product) => product.category_uuid === category.uuid);
    expect(machinesAfter.map((product) => ({ ...product, version: 0 }))).toEqual(
      machinesBefore.map((product) => ({ ...product, version: 0 })),
    );
  });

  it("asks before restoring a machine whose category is in the trash too (TRASH_CATEGORY_IN_TRASH), then restores both", async () => {
    const { category, product } = await deletedBoth("Categorie in cos", "Bobcat E10");
    const entry = (await trash()).find((item) => item.itemId === product.uuid);
    const restore = (body: unknown) => admin.call("POST", `/api/trash/${entry?.id}/restore`, body);
    expect(await json(await restore({}), 409)).toEqual(errorBody("TRASH_CATEGORY_IN_TRASH"));
    expect(await json(await restore({ restore_category: "da" }), 400)).toEqual({
      errors: [{ msg: "INVALID_TRASH_RESTORE_CATEGORY", path: "restore_category" }],
    });
    await json(await restore({ restore_category: true }), 200);
    const back = await json<ProductView>(await admin.server.fetch(`/api/product/details/${product.uuid}`), 200);
    expect(back.category_uuid).toBe(category.uuid);
    expect((await trash()).some((item) => item.itemId === category.uuid)).toBe(false);
  });

  it("answers 410 for a machine deleted while it was in no category, at its 'Necunoscut' address", async () => {
    const category = await json<{ uuid: string; name: string }>(
      await admin.call("POST", "/api/category/create", { name: "Categorie de sters intai" }),
      201,
    );
    const product = await json<ProductView>(
      await admin.call("POST", "/api/product/create", await productBody(category.name, "Bobcat E26")),
      201,
    );
    expect((await admin.call("DELETE", `/api/category/${category.uuid}`)).status).toBe(204);
    const address = `/categorie/necunoscut/utilaj/${product.slug}`;
    expect((await page(address)).status).toBe(200);
    expect((await admin.call("DELETE", `/api/product/${product.uuid}`)).status).toBe(204);
    const gone = await page(address);
    expect(gone.status).toBe(410);
    expect(gone.body).toContain(`${product.model} a fost retras din ofertă`);
  });

  it("restores a machine whose category was purged meanwhile without one", async () => {
    const { category, product } = await deletedBoth("Categorie stearsa", "Bobcat E19");
    const categoryEntry = (await trash()).find((item) => item.itemId === category.uuid);
    expect((await admin.call("DELETE", `/api/trash/${categoryEntry?.id}`)).status).toBe(204);
    const entry = (await trash()).find((item) => item.itemId === product.uuid);
    await json(await admin.call("POST", `/api/trash/${entry?.id}/restore`, {}), 200);
    const back = await json<ProductView>(await admin.server.fetch(`/api/product/details/${product.uuid}`), 200);
    expect(back.category_uuid).toBeNull();
  });
});

/** A demo category with typed specifications, and one of its machines that has values of them. */
async function categoryWithValues(
  skip: number,
): Promise<{ category: { uuid: string; name: string }; machine: ProductView }> {
  const categories = await json<{ uuid: string; name: string; specifications: unknown[] }[]>(
    await admin.server.fetch("/api/category"),
    200,
  );
  const all = await products();
  const found = categories
    .filter((category) => category.specifications.length > 0)
    .flatMap((category) => {
      const machine = all.find(
        (product) => product.category_uuid === category.uuid && Object.keys(product.specifications).length > 0,
      );
      return machine ? [{ category, machine }] : [];
    })[skip];
  if (!found) throw new Error("no demo category with valued machines");
  return found;
}

const entryOf = async (itemId: string) => (await trash()).find((item) => item.itemId === itemId);

describe("a machine and its category both in the trash", () => {
  it("brings back into its category, with its values, a machine deleted after its category", async () => {
    const { category, machine } = await categoryWithValues(0);
    expect((await admin.call("DELETE", `/api/category/${category.uuid}`)).status).toBe(204);
    expect((await admin.call("DELETE", `/api/product/${machine.uuid}`)).status).toBe(204);
    const machineEntry = await entryOf(machine.uuid);
    // Its snapshot knows the category it had before the category's delete.
    expect(await json(await admin.call("POST", `/api/trash/${machineEntry?.id}/restore`, {}), 409)).toEqual(
      errorBody("TRASH_CATEGORY_IN_TRASH"),
    );
    const categoryEntry = await entryOf(category.uuid);
    await json(await admin.call("POST", `/api/trash/${categoryEntry?.id}/restore`, {}), 200);
    await json(await admin.call("POST", `/api/trash/${machineEntry?.id}/restore`, {}), 200);
    const back = await json<ProductView>(await admin.server.fetch(`/api/product/details/${machine.uuid}`), 200);
    expect({ ...back, version: 0 }).toEqual({ ...machine, version: 0 });
  });

  it("restores the machine alone when asked (restore_category: false), and the category under a new name when its own was taken", async () => {
    const { category, machine } = await categoryWithValues(1);
    expect((await admin.call("DELETE", `/api/category/${category.uuid}`)).status).toBe(204);
    expect((await admin.call("DELETE", `/api/product/${machine.uuid}`)).status).toBe(204);
    await json(await admin.call("POST", "/api/category/create", { name: category.name }), 201);
    const machineEntry = await entryOf(machine.uuid);
    const restoreMachine = (body: unknown) => admin.call("POST", `/api/trash/${machineEntry?.id}/restore`, body);
    expect(await json(await restoreMachine({}), 409)).toEqual(errorBody("TRASH_CATEGORY_IN_TRASH"));
    expect(await json(await restoreMachine({ restore_category: true }), 409)).toEqual(
      errorBody("TRASH_CATEGORY_TAKEN"),
    );
    await json(await restoreMachine({ restore_category: false }), 200);
    const alone = await json<ProductView>(await admin.server.fetch(`/api/product/details/${machine.uuid}`), 200);
    expect(alone.category_uuid).toBeNull();

    const categoryEntry = await entryOf(category.uuid);
    const restoreCategory = (body: unknown) => admin.call("POST", `/api/trash/${categoryEntry?.id}/restore`, body);
    expect(await json(await restoreCategory({}), 409)).toEqual(errorBody("TRASH_CATEGORY_TAKEN"));
    expect(await json(await restoreCategory({ category_name: "<script>" }), 400)).toEqual({
      errors: [{ msg: "INVALID_CATEGORY_NAME", path: "category_name" }],
    });
    expect(await json(await restoreCategory({ category_name: "Details" }), 400)).toEqual({
      errors: [{ msg: "RESERVED_CATEGORY_NAME", path: "category_name" }],
    });
    await json(await restoreCategory({ category_name: `${category.name} veche` }), 200);
    const renamed = await json<{ name: string; slug: string }>(
      await admin.server.fetch(`/api/category/${category.uuid}`),
      200,
    );
    expect(renamed.name).toBe(`${category.name} veche`);
    // The machine restored alone was in it: the category takes it back with its values.
    const back = await json<ProductView>(await admin.server.fetch(`/api/product/details/${machine.uuid}`), 200);
    expect(back.category_uuid).toBe(category.uuid);
    expect(back.specifications).toEqual(machine.specifications);
  });

  it("restores a machine with its category under a new name (restore_category and category_name)", async () => {
    const { category, product } = await deletedBoth("Categorie cu nume luat", "Bobcat E08");
    await json(await admin.call("POST", "/api/category/create", { name: category.name }), 201);
    const entry = await entryOf(product.uuid);
    const restore = (body: unknown) => admin.call("POST", `/api/trash/${entry?.id}/restore`, body);
    expect(await json(await restore({ restore_category: true }), 409)).toEqual(errorBody("TRASH_CATEGORY_TAKEN"));
    await json(await restore({ restore_category: true, category_name: "Categorie restaurata" }), 200);
    const back = await json<ProductView>(await admin.server.fetch(`/api/product/details/${product.uuid}`), 200);
    expect(back).toMatchObject({ category_uuid: category.uuid, category_slug: "categorie-restaurata" });
  });
});

describe("banner pictures", () => {
  it("come back with their texts at their place in the carousel", async () => {
    const banners = async () =>
      (await json<{ uuid: string; version: number }[]>(await admin.server.fetch("/api/banner"), 200)).map((banner) => ({
        ...banner,
        version: 0,
      }));
    const before = await banners();
    expect(before.length).toBeGreaterThan(1);
    // The first: back first, not at the end where a new picture goes.
    const middle = before[0];
    expect((await admin.call("DELETE", `/api/banner/${middle?.uuid}`)).status).toBe(204);
    expect((await banners()).map((banner) => banner.uuid)).not.toContain(middle?.uuid);
    const entry = (await trash()).find((item) => item.itemId === middle?.uuid);
    expect(entry).toMatchObject({ kind: "banner" });
    expect(await json(await admin.call("POST", `/api/trash/${entry?.id}/restore`, {}), 200)).toEqual({
      kind: "banner",
      itemId: middle?.uuid,
    });
    expect(await banners()).toEqual(before);
  });
});

describe("purge", () => {
  it("deletes the rows, then the pictures and their files; the address then answers 404", async () => {
    const [category] = await json<{ name: string }[]>(await admin.server.fetch("/api/category"), 200);
    const product = await json<ProductView>(
      await admin.call("POST", "/api/product/create", await productBody(category?.name ?? "", "Volvo EC18", 2)),
      201,
    );
    const ids = pictureIds(product);
    // The variants are made after the reply: wait for them, so the purge has files to delete.
    const cache = path.join(admin.server.services.config.DATA_DIR, "media-cache");
    const filesOf = () =>
      existsSync(cache) ? readdirSync(cache).filter((name) => ids.some((id) => name.startsWith(id))) : [];
    await expect.poll(() => filesOf().length, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => pictureWork.activeCount + pictureWork.pendingCount, { timeout: 20_000 }).toBe(0);
    expect((await admin.call("DELETE", `/api/product/${product.uuid}`)).status).toBe(204);
    const entry = (await trash()).find((item) => item.itemId === product.uuid);
    expect(filesOf().length).toBeGreaterThan(0);

    expect((await page(pagePath(product))).status).toBe(410);
    expect((await admin.call("DELETE", `/api/trash/${entry?.id}`)).status).toBe(204);
    const rows = await admin.server.services.db.selectFrom("images").select("id").where("id", "in", ids).execute();
    expect(rows).toEqual([]);
    expect(filesOf()).toEqual([]);
    expect((await page(pagePath(product))).status).toBe(404);
    expect(await json(await admin.call("DELETE", `/api/trash/${entry?.id}`), 404)).toEqual(
      errorBody("ERROR_TRASH_NOT_FOUND"),
    );
    expect(await json(await admin.call("POST", `/api/trash/${entry?.id}/restore`, {}), 404)).toEqual(
      errorBody("ERROR_TRASH_NOT_FOUND"),
    );
    const log = await admin.server.services.db
      .selectFrom("activity_log")
      .select("action")
      .where("item_id", "=", product.uuid)
      .execute();
    expect(log.map((row) => row.action).sort()).toEqual(["create", "delete", "purge"]);
  });

  it("is done by housekeeping after TRASH_RETENTION_DAYS, not before", async () => {
    const product = (await products())[0];
    expect((await admin.call("DELETE", `/api/product/${product?.uuid}`)).status).toBe(204);
    const { services } = admin.server;
    expect(await purgeExpiredTrash(services, new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    const waiting = (await trash()).length;
    expect(await purgeExpiredTrash(services, new Date(Date.now() + 31 * 86_400_000))).toBe(waiting);
    expect(await trash()).toEqual([]);
  });

  it("leaves no variant file of a picture whose row is gone: the next sweep removes what a cut purge left", async () => {
    const cache = path.join(admin.server.services.config.DATA_DIR, "media-cache");
    await expect
      .poll(() => (existsSync(cache) ? readdirSync(cache).length : 0), { timeout: 20_000 })
      .toBeGreaterThan(0);
    const kept = readdirSync(cache).filter((name) => name.endsWith(".webp") || name.endsWith(".avif"));
    // What a purge killed between its commit and its files' removal leaves behind.
    const leftover = path.join(cache, "00000000-0000-4000-8000-000000000042-320w.webp");
    writeFileSync(leftover, "x");
    expect(await sweepOrphanVariants(admin.server.services)).toBe(1);
    expect(existsSync(leftover)).toBe(false);
    for (const name of kept) expect(existsSync(path.join(cache, name)), name).toBe(true);
  });

  it("is the administrator's alone, and a bad id is not found", async () => {
    expect((await admin.server.fetch("/api/trash")).status).toBe(401);
    expect(await json(await admin.call("DELETE", "/api/trash/nimic"), 404)).toEqual(errorBody("ERROR_TRASH_NOT_FOUND"));
  });
});
