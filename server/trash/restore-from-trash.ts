import type { Kysely } from "kysely";
import type { TrashKind, TrashRestoreInput } from "../../common/trash/trash-schemas.ts";
import { IMAGE_COUNT_LIMIT } from "../../common/fields/field-rules.ts";
import { toSlug } from "../../common/text/slug.ts";
import { logActivity, type Actor } from "../activity/activity-log.ts";
import { HttpError } from "../core/errors.ts";
import type { Dialect } from "../db/database.ts";
import { insertBanners, listBanners, setBannerPositions } from "../db/repositories/banners.ts";
import { insertBooking, leadExists } from "../db/repositories/bookings.ts";
import { findCategoryById, findCategoryBySlug, insertCategory } from "../db/repositories/categories.ts";
import { adoptProducts, findProductBySlug, insertProduct, setGallery } from "../db/repositories/products.ts";
import {
  insertProductValues,
  insertSpecificationOptions,
  insertSpecifications,
  liveOptionIds,
  liveSpecificationIds,
  productValueRowsOf,
} from "../db/repositories/specifications.ts";
import { deleteTrashEntry, findTrashEntry, findTrashEntryOfItem } from "../db/repositories/trash.ts";
import type { Database, TrashRow } from "../db/schema.ts";
import { writeAndRenewPages } from "../writes/write-and-renew-pages.ts";
import type { TrashServices } from "./services.ts";
import { notInTrash } from "./trash-entry.ts";
import { bannerSnapshot, categorySnapshot, productSnapshot } from "./trash-snapshots.ts";

/** An item back from the trash as it was (decision 074), in one write with its log entry. */

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
 * Puts the machine back as it was: same id (so the same address), texts, typed values, pictures in
 * their order. A model another machine took meanwhile is refused (409 TRASH_MODEL_TAKEN) until the
 * call names another; a category gone meanwhile leaves it without one, and values of specifications
 * gone with it are dropped.
 */
export async function restoreFromTrash(
  services: TrashServices,
  actor: Actor,
  id: string,
  input: TrashRestoreInput,
): Promise<{ kind: TrashKind; itemId: string }> {
  return writeAndRenewPages(services, async (trx) => {
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
