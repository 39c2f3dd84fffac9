import type { Kysely } from "kysely";
import type { Database, NewProduct, ProductRow, ProductUpdate } from "../schema.ts";

/** A product's category's names and slug, read beside it (null when the category was deleted). */
export interface CategoryColumns {
  category_name: string | null;
  category_name_en: string | null;
  category_slug: string | null;
}

/** A product row with its category's columns. */
export type ProductWithCategory = ProductRow & CategoryColumns;

const CATEGORY_COLUMNS = [
  "categories.name as category_name",
  "categories.name_en as category_name_en",
  "categories.slug as category_slug",
] as const;

/** Products with their category, which may have been deleted. */
function productsWithCategory(db: Kysely<Database>) {
  return db
    .selectFrom("products")
    .leftJoin("categories", "categories.id", "products.category_id")
    .select(CATEGORY_COLUMNS);
}

function selectProducts(db: Kysely<Database>) {
  return productsWithCategory(db).selectAll("products");
}

export function listProducts(db: Kysely<Database>): Promise<ProductWithCategory[]> {
  return selectProducts(db).orderBy("products.model").execute();
}

export function listProductsOfCategory(db: Kysely<Database>, categoryId: string): Promise<ProductWithCategory[]> {
  return selectProducts(db).where("products.category_id", "=", categoryId).orderBy("products.model").execute();
}

/**
 * What a category page's cards read of its products (server/catalogue/read.ts
 * productCardsOfCategory), in the list's order.
 */
export function listProductCardsOfCategory(db: Kysely<Database>, categoryId: string) {
  return db
    .selectFrom("products")
    .select(["id", "model", "slug", "header_image_id"])
    .where("category_id", "=", categoryId)
    .orderBy("model")
    .execute();
}

/** A machine's price columns (decision 089). */
export const PRICE_COLUMNS = [
  "price_day",
  "price_week",
  "price_month",
  "price_deposit",
  "price_operator_day",
  "price_minimum_days",
  "price_on_request",
] as const;
export type ProductPriceColumns = Pick<ProductRow, (typeof PRICE_COLUMNS)[number]>;

/** The price columns of the products of these ids that exist, by id. */
export async function productPriceRows(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, ProductPriceColumns>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("products")
    .select(["id", ...PRICE_COLUMNS])
    .where("id", "in", [...ids])
    .execute();
  return new Map(rows.map(({ id, ...prices }) => [id, prices]));
}

/** The product's own row, without its category's columns (a revision keeps what the machine is). */
export function findProductRow(db: Kysely<Database>, id: string): Promise<ProductRow | undefined> {
  return db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findProductById(db: Kysely<Database>, id: string): Promise<ProductWithCategory | undefined> {
  return selectProducts(db).where("products.id", "=", id).executeTakeFirst();
}

/**
 * What a card in a list that mixes categories reads of the products of these ids that exist (any
 * order), with their category's names and slug.
 */
export function findProductCardsByIds(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return productsWithCategory(db)
    .select(["products.id", "products.model", "products.slug", "products.header_image_id", "products.category_id"])
    .where("products.id", "in", [...ids])
    .execute();
}

/** The products of these ids that exist (any order). */
export function findProductsByIds(db: Kysely<Database>, ids: readonly string[]): Promise<ProductWithCategory[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectProducts(db)
    .where("products.id", "in", [...ids])
    .execute();
}

/**
 * What the site's search indexes of the products (decision 060), a page at a time: `limit` products
 * after the id `after` (null: from the first), in id order.
 */
export function listSearchableProducts(db: Kysely<Database>, after: string | null, limit: number) {
  let query = db
    .selectFrom("products")
    .select(["id", "model", "slug", "category_id", "header_offer", "header_offer_en"]);
  if (after !== null) query = query.where("id", ">", after);
  return query.orderBy("id").limit(limit).execute();
}

export function findProductBySlug(db: Kysely<Database>, slug: string): Promise<ProductWithCategory | undefined> {
  return selectProducts(db).where("products.slug", "=", slug).executeTakeFirst();
}

export async function insertProduct(db: Kysely<Database>, row: NewProduct): Promise<void> {
  await db.insertInto("products").values(row).execute();
}

/** Gallery image ids per product, in gallery order. */
export async function galleryImageIds(
  db: Kysely<Database>,
  productIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byProduct = new Map<string, string[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .selectFrom("product_gallery")
    .select(["product_id", "image_id"])
    .where("product_id", "in", [...productIds])
    .orderBy("product_id")
    .orderBy("position")
    .execute();
  for (const row of rows) byProduct.get(row.product_id)?.push(row.image_id);
  return byProduct;
}

export async function setGallery(db: Kysely<Database>, productId: string, imageIds: readonly string[]): Promise<void> {
  await db.deleteFrom("product_gallery").where("product_id", "=", productId).execute();
  if (imageIds.length === 0) return;
  await db
    .insertInto("product_gallery")
    .values(imageIds.map((imageId, position) => ({ product_id: productId, image_id: imageId, position })))
    .execute();
}

export async function updateProduct(db: Kysely<Database>, id: string, changes: ProductUpdate): Promise<boolean> {
  const result = await db.updateTable("products").set(changes).where("id", "=", id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Its gallery rows go with it (ON DELETE CASCADE); its pictures are the caller's to delete. */
export async function deleteProduct(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom("products").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Marks the product as changed now, adds one to its version and returns its row as it is at this
 * moment. Inside a transaction on PostgreSQL the row then stays locked until the end, so what the
 * transaction reads next about the product (its pictures) cannot change under it; SQLite runs one
 * write transaction at a time. With `version`, only while the row still has it (decision 068):
 * undefined when it moved on, as when there is no such product.
 */
export function touchProduct(
  db: Kysely<Database>,
  id: string,
  updatedAt: string,
  version?: number,
): Promise<ProductRow | undefined> {
  let query = db
    .updateTable("products")
    .set((eb) => ({ updated_at: updatedAt, version: eb("version", "+", 1) }))
    .where("id", "=", id);
  if (version !== undefined) query = query.where("version", "=", version);
  return query.returningAll().executeTakeFirst();
}

/** The ids of the category's machines. */
export async function productIdsOfCategory(db: Kysely<Database>, categoryId: string): Promise<string[]> {
  const rows = await db.selectFrom("products").select("id").where("category_id", "=", categoryId).execute();
  return rows.map((row) => row.id);
}

/** Puts those of `ids` that have no category now into `categoryId`; the ids moved. */
export async function adoptProducts(
  db: Kysely<Database>,
  categoryId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable("products")
    .set({ category_id: categoryId })
    .where("id", "in", [...ids])
    .where("category_id", "is", null)
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}
