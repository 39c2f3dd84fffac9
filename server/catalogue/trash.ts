import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import {
  TRASH_KINDS,
  type TrashEntry,
  type TrashKind,
  type TrashRestoreInput,
} from "../../common/trash/trash-schemas.ts";
import { IMAGE_COUNT_LIMIT } from "../../common/fields/field-rules.ts";
import { BOOKING_STATES } from "../../common/bookings/booking-states.ts";
import { insertBanners, listBanners, setBannerPositions } from "../db/repositories/banners.ts";
import { bookingsOfProduct, insertBooking, leadExists } from "../db/repositories/bookings.ts";
import { toSlug } from "../../common/text/slug.ts";
import { logActivity, type Actor } from "../activity/activity-log.ts";
import { HttpError } from "../core/errors.ts";
import type { Logger } from "../core/logger.ts";
import { periodicSweep } from "../core/periodic-sweep.ts";
import { findCategoryById, findCategoryBySlug, insertCategory } from "../db/repositories/categories.ts";
import { deleteUnusedImages, missingImageIds } from "../db/repositories/images.ts";
import {
  adoptProducts,
  deleteProduct,
  findProductBySlug,
  productIdsOfCategory,
  insertProduct,
  setGallery,
} from "../db/repositories/products.ts";
import {
  categoryValueRows,
  insertProductValues,
  insertSpecificationOptions,
  insertSpecifications,
  liveOptionIds,
  liveSpecificationIds,
  productValueRowsOf,
} from "../db/repositories/specifications.ts";
import {
  deleteTrashEntry,
  findTrashEntry,
  findTrashedProduct,
  findTrashEntryOfItem,
  insertTrashEntry,
  listTrash,
  trashedCategoriesNaming,
  trashIdsBefore,
} from "../db/repositories/trash.ts";
import type { Dialect } from "../db/database.ts";
import type { BannerRow, CategoryRow, Database, ProductRow, TrashRow } from "../db/schema.ts";
import { imagesWithVariants, removeVariants } from "../media/variants.ts";
import {
  categoryState,
  productPictureIds,
  productState,
  readCategoryState,
  readProductState,
  valueRowState,
} from "../snapshots/item-states.ts";
import { forgetRevisions } from "../revisions/forget-revisions.ts";
import { changeCatalogue } from "./invalidate-pages.ts";
import type { CatalogueServices } from "./services.ts";

/**
 * The trash (decision 074): a deleted machine's (or category's) rows kept whole as a snapshot while its live rows
 * are gone, so every public read, the sitemap, search, filters, compare and the quote list lose it
 * with the catalogue version's bump, and nothing has a deleted flag to forget. Its pictures stay
 * (rows and variant files: trash_images keeps them from deleteUnusedImages) until it is purged.
 */

const DAY_MS = 24 * 60 * 60_000;

const productSnapshot = productState.extend({
  /** Its bookings (cancelled ones too): the planner and the public calendar get them back with it. */
  bookings: z
    .array(
      z.object({
        id: z.string(),
        product_id: z.string(),
        units: z.number().int(),
        first_day: z.string(),
        last_day: z.string(),
        state: z.enum(BOOKING_STATES),
        overbooked: z.number().int(),
        note: z.string(),
        lead_id: z.string().nullable(),
        created_at: z.string(),
        updated_at: z.string(),
        version: z.number().int(),
      }),
    )
    .default([]),
});
type ProductSnapshot = z.output<typeof productSnapshot>;

const categorySnapshot = categoryState.extend({
  /** The machines that were in it, and their values of its specifications. */
  products: z.array(z.string()),
  values: z.array(valueRowState),
});
type CategorySnapshot = z.output<typeof categorySnapshot>;

const bannerSnapshot = z.object({
  banner: z.object({
    id: z.string(),
    image_id: z.string(),
    caption: z.string(),
    caption_en: z.string(),
    alt_en: z.string(),
    created_at: z.string(),
  }),
  /** Its place in the carousel when it was deleted. */
  index: z.number().int(),
});
type BannerSnapshot = z.output<typeof bannerSnapshot>;

const notInTrash = () => new HttpError(404, "ERROR_TRASH_NOT_FOUND");

/** A stored kind as the API names it (every row is written with one of them). */
function trashKind(kind: string): TrashKind {
  return (TRASH_KINDS as readonly string[]).includes(kind) ? (kind as TrashKind) : "product";
}

/**
 * Moves a machine to the trash inside the delete's transaction: its row, gallery order and typed
 * values as a snapshot, its pictures kept, then its live rows deleted.
 */
export async function trashProduct(trx: Kysely<Database>, actor: Actor, product: ProductRow): Promise<void> {
  const state = await readProductState(trx, product);
  // Left without a category by its category's delete: the snapshot keeps that category and the values
  // the category's snapshot holds, so a restore brings it back in it once the category is back.
  const former = product.category_id === null ? await trashedCategoryOf(trx, product.id) : undefined;
  const snapshot: ProductSnapshot = {
    ...state,
    ...(former && {
      product: { ...state.product, category_id: former.category.id },
      values: former.values.filter((value) => value.product_id === product.id),
    }),
    bookings: await bookingsOfProduct(trx, product.id),
  };
  const category = product.category_id === null ? undefined : await findCategoryById(trx, product.category_id);
  await insertTrashEntry(trx, {
    id: randomUUID(),
    kind: "product",
    itemId: product.id,
    itemName: product.model,
    slug: product.slug,
    categorySlug: category?.slug ?? null,
    deletedAt: new Date().toISOString(),
    userId: actor.userId,
    snapshot: JSON.stringify(snapshot),
    imageIds: productPictureIds(snapshot),
  });
  await deleteProduct(trx, product.id);
}

/**
 * Moves a category to the trash inside the delete's transaction: its row, its specifications with
 * their options, which machines were in it and their values, before its live rows go (its machines
 * stay, without a category, as before).
 */
export async function trashCategory(trx: Kysely<Database>, actor: Actor, category: CategoryRow): Promise<void> {
  const snapshot: CategorySnapshot = {
    ...(await readCategoryState(trx, category)),
    products: await productIdsOfCategory(trx, category.id),
    values: await categoryValueRows(trx, category.id),
  };
  await insertTrashEntry(trx, {
    id: randomUUID(),
    kind: "category",
    itemId: category.id,
    itemName: category.name,
    slug: category.slug,
    categorySlug: null,
    deletedAt: new Date().toISOString(),
    userId: actor.userId,
    snapshot: JSON.stringify(snapshot),
    imageIds: category.header_image_id === null ? [] : [category.header_image_id],
  });
}

/** The category in the trash whose snapshot holds this machine (the latest deleted), if any. */
async function trashedCategoryOf(trx: Kysely<Database>, productId: string): Promise<CategorySnapshot | undefined> {
  for (const entry of await trashedCategoriesNaming(trx, productId)) {
    const snapshot = categorySnapshot.parse(JSON.parse(entry.snapshot));
    if (snapshot.products.includes(productId)) return snapshot;
  }
  return undefined;
}

/**
 * A category back as it was: its specifications, options, the machines that were in it and have
 * no category now, and their values. Its name taken meanwhile by another: 409 TRASH_CATEGORY_TAKEN,
 * until the call names it anew (`name`, checked as the category form's).
 */
async function restoreCategory(
  trx: Kysely<Database>,
  actor: Actor,
  entry: TrashRow,
  name: string | undefined,
): Promise<string> {
  const snapshot = categorySnapshot.parse(JSON.parse(entry.snapshot));
  const { specifications, options, products, values } = snapshot;
  const category = name === undefined ? snapshot.category : { ...snapshot.category, name, slug: toSlug(name) };
  if (await findCategoryBySlug(trx, category.slug)) throw new HttpError(409, "TRASH_CATEGORY_TAKEN");
  await deleteTrashEntry(trx, entry.id);
  await insertCategory(trx, category);
  await insertSpecifications(trx, specifications);
  await insertSpecificationOptions(trx, options);
  const adopted = new Set(await adoptProducts(trx, category.id, products));
  // A machine restored from the trash meanwhile may hold values again: only the missing ones come back.
  const held = new Set(
    (await productValueRowsOf(trx, [...adopted])).map((value) => `${value.product_id}:${value.specification_id}`),
  );
  await insertProductValues(
    trx,
    values.filter(
      (value) => adopted.has(value.product_id) && !held.has(`${value.product_id}:${value.specification_id}`),
    ),
  );
  await logActivity(trx, actor, {
    action: "restore",
    kind: "category",
    itemId: category.id,
    itemName: category.name,
    summary:
      `Categorie restaurata din Cos, cu ${specifications.length} specificatii si ${adopted.size} utilaje` +
      (category.name === snapshot.category.name ? "" : ` (era ${snapshot.category.name})`),
  });
  return category.id;
}

/** Moves a banner picture to the trash inside the delete's transaction: its texts, its picture, its place. */
export async function trashBanner(trx: Kysely<Database>, actor: Actor, banner: BannerRow, name: string): Promise<void> {
  const { version: _version, position: _position, ...row } = banner;
  const snapshot: BannerSnapshot = {
    banner: row,
    index: (await listBanners(trx)).findIndex((item) => item.id === banner.id),
  };
  await insertTrashEntry(trx, {
    id: randomUUID(),
    kind: "banner",
    itemId: banner.id,
    itemName: name,
    slug: null,
    categorySlug: null,
    deletedAt: new Date().toISOString(),
    userId: actor.userId,
    snapshot: JSON.stringify(snapshot),
    imageIds: [banner.image_id],
  });
}

/** A banner picture back at its place in the carousel; a full carousel: 409 TRASH_BANNER_LIMIT. */
async function restoreBanner(trx: Kysely<Database>, actor: Actor, entry: TrashRow): Promise<string> {
  const { banner, index } = bannerSnapshot.parse(JSON.parse(entry.snapshot));
  const order = (await listBanners(trx)).map((item) => item.id);
  if (order.length >= IMAGE_COUNT_LIMIT) throw new HttpError(409, "TRASH_BANNER_LIMIT");
  await deleteTrashEntry(trx, entry.id);
  await insertBanners(trx, [{ ...banner, position: order.length }]);
  order.splice(Math.max(0, Math.min(index, order.length)), 0, banner.id);
  await setBannerPositions(trx, order);
  await logActivity(trx, actor, {
    action: "restore",
    kind: "banner",
    itemId: banner.id,
    itemName: entry.item_name,
    summary: "Poza banner restaurata din Cos, la locul ei",
  });
  return banner.id;
}

/**
 * The machine a page address names in the trash (by slugs, or names as addresses may spell them):
 * its page answers 410 with its model and category while it is there.
 */
export async function trashedProductAt(
  db: Kysely<Database>,
  category: string,
  model: string,
): Promise<{ model: string; categorySlug: string | null } | undefined> {
  const entry = await findTrashedProduct(db, toSlug(category), toSlug(model));
  return entry && { model: entry.item_name, categorySlug: entry.category_slug };
}

export async function trashEntries(services: Pick<CatalogueServices, "db" | "config">): Promise<TrashEntry[]> {
  const keep = services.config.TRASH_RETENTION_DAYS * DAY_MS;
  return (await listTrash(services.db)).map((row) => ({
    id: row.id,
    kind: trashKind(row.kind),
    itemId: row.item_id,
    itemName: row.item_name,
    deletedAt: row.deleted_at,
    userName: row.user_name,
    purgeAt: new Date(Date.parse(row.deleted_at) + keep).toISOString(),
  }));
}

/**
 * Puts the machine back as it was: same id (so the same address), texts, typed values, pictures in
 * their order. A model another machine took meanwhile is refused (409 TRASH_MODEL_TAKEN) until the
 * call names another; a category gone meanwhile leaves it without one, and values of specifications
 * gone with it are dropped.
 */
export async function restoreFromTrash(
  services: CatalogueServices,
  actor: Actor,
  id: string,
  input: TrashRestoreInput,
): Promise<{ kind: TrashKind; itemId: string }> {
  return changeCatalogue(services, async (trx) => {
    const entry = await findTrashEntry(trx, id);
    if (!entry) throw notInTrash();
    if (entry.kind === "category")
      return { kind: "category", itemId: await restoreCategory(trx, actor, entry, input.category_name) };
    if (entry.kind === "banner") return { kind: "banner", itemId: await restoreBanner(trx, actor, entry) };
    return { kind: "product", itemId: await restoreProduct(trx, services.dialect, actor, entry, input) };
  });
}

/**
 * A machine back. Its category in the trash too: 409 TRASH_CATEGORY_IN_TRASH, unless the call says
 * to restore both (`restore_category: true`) or the machine alone, without one (`false`); its
 * category gone for good: it comes back without one.
 */
async function restoreProduct(
  trx: Kysely<Database>,
  dialect: Dialect,
  actor: Actor,
  entry: TrashRow,
  input: TrashRestoreInput,
): Promise<string> {
  const { product, gallery, values, bookings } = productSnapshot.parse(JSON.parse(entry.snapshot));
  const model = input.model ?? product.model;
  const slug = toSlug(model);
  if (await findProductBySlug(trx, slug)) throw new HttpError(409, "TRASH_MODEL_TAKEN");
  let category = product.category_id === null ? undefined : await findCategoryById(trx, product.category_id);
  if (!category && product.category_id !== null) {
    const trashed = await findTrashEntryOfItem(trx, "category", product.category_id);
    if (trashed && input.restore_category === undefined) throw new HttpError(409, "TRASH_CATEGORY_IN_TRASH");
    if (trashed && input.restore_category)
      category = await findCategoryById(trx, await restoreCategory(trx, actor, trashed, input.category_name));
  }
  const categoryId = category?.id ?? null;
  await deleteTrashEntry(trx, entry.id);
  await insertProduct(trx, { ...product, model, slug, category_id: categoryId });
  await setGallery(trx, product.id, gallery);
  // A request erased meanwhile leaves its bookings without their link, as the erasure does to live ones.
  for (const booking of bookings) {
    const leadId =
      booking.lead_id !== null && (await leadExists(trx, dialect, booking.lead_id)) ? booking.lead_id : null;
    await insertBooking(trx, { ...booking, lead_id: leadId });
  }
  if (categoryId !== null) {
    const specifications = await liveSpecificationIds(
      trx,
      categoryId,
      values.map((value) => value.specification_id),
    );
    const options = await liveOptionIds(
      trx,
      values.flatMap((value) => (value.option_id === null ? [] : [value.option_id])),
    );
    await insertProductValues(
      trx,
      values.filter(
        (value) =>
          specifications.has(value.specification_id) && (value.option_id === null || options.has(value.option_id)),
      ),
    );
  }
  await logActivity(trx, actor, {
    action: "restore",
    kind: "product",
    itemId: product.id,
    itemName: model,
    summary:
      model === product.model
        ? "Utilaj restaurat din Cos"
        : `Utilaj restaurat din Cos sub modelul nou (era ${product.model})`,
  });
  return product.id;
}

/**
 * Deletes the entry for good: its row first, with the pictures only it kept, in one transaction;
 * their variant files after the commit (a crash between leaves files of rows that are gone, never
 * a row whose files are gone).
 */
export async function purgeFromTrash(
  services: CatalogueServices,
  actor: Actor,
  id: string,
  userName?: string,
): Promise<void> {
  // Through the catalogue version: a machine's cached 410 page becomes its 404.
  const deleted = await changeCatalogue(services, async (trx) => {
    const entry = await findTrashEntry(trx, id);
    const images = await deleteTrashEntry(trx, id);
    if (!entry || !images) throw notInTrash();
    // Gone for good, with its history: the pictures only its revisions kept go too.
    const history = await forgetRevisions(trx, entry.kind, entry.item_id);
    const gone = await deleteUnusedImages(trx, [...images, ...history]);
    await logActivity(trx, actor, {
      action: "purge",
      kind: trashKind(entry.kind),
      itemId: entry.item_id,
      itemName: entry.item_name,
      summary: `Sters definitiv din Cos, cu ${gone.length} poze`,
      ...(userName === undefined ? {} : { userName }),
    });
    return gone;
  });
  await removeVariants(services.config.DATA_DIR, deleted);
}

/**
 * Housekeeping: the entries older than TRASH_RETENTION_DAYS purged, one by one; how many. One an
 * administrator restored or purged meanwhile is passed over.
 */
export async function purgeExpiredTrash(services: CatalogueServices, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - services.config.TRASH_RETENTION_DAYS * DAY_MS).toISOString();
  let purged = 0;
  for (const id of await trashIdsBefore(services.db, cutoff)) {
    try {
      await purgeFromTrash(services, { userId: null, address: "server" }, id, "(automat)");
      purged += 1;
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 404)) throw error;
    }
  }
  return purged;
}

/**
 * The variant files of pictures whose rows are gone: a purge (or any picture delete) cut short
 * between its commit and the files' removal leaves them; the next sweep removes them.
 */
export async function sweepOrphanVariants(services: Pick<CatalogueServices, "db" | "config">): Promise<number> {
  const orphans = await missingImageIds(services.db, await imagesWithVariants(services.config.DATA_DIR));
  await removeVariants(services.config.DATA_DIR, orphans);
  return orphans.length;
}

/** A minute after start, then hourly: the trash keeps TRASH_RETENTION_DAYS, and no file outlives its picture. */
export function startTrashHousekeeping(services: CatalogueServices & { logger: Logger }): {
  stop(): Promise<void>;
} {
  return periodicSweep(
    "trash housekeeping",
    async () => {
      const purged = await purgeExpiredTrash(services, new Date());
      if (purged > 0) services.logger.info({ purged }, "old trash entries purged");
      const orphans = await sweepOrphanVariants(services);
      if (orphans > 0) services.logger.info({ orphans }, "variant files of deleted pictures removed");
    },
    services.logger,
  );
}
