import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Actor } from "../activity/activity-log.ts";
import { listBanners } from "../db/repositories/banners.ts";
import { bookingsOfProduct } from "../db/repositories/bookings.ts";
import { findCategoryById } from "../db/repositories/categories.ts";
import { deleteProduct, productIdsOfCategory } from "../db/repositories/products.ts";
import { categoryValueRows } from "../db/repositories/specifications.ts";
import { insertTrashEntry, trashedCategoriesNaming } from "../db/repositories/trash.ts";
import type { BannerRow, CategoryRow, Database, ProductRow } from "../db/schema.ts";
import { productPictureIds, readCategoryState, readProductState } from "../snapshots/item-states.ts";
import {
  categorySnapshot,
  type BannerSnapshot,
  type CategorySnapshot,
  type ProductSnapshot,
} from "./trash-snapshots.ts";

/** A delete's move to the trash (decision 074), inside the delete's transaction: the item's snapshot, then its live rows gone. */

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
