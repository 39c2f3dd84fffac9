import type { Kysely } from "kysely";
import type { Database, NewProduct, ProductRow } from "../schema.ts";

/** A product row with its category's name and slug (null when the category was deleted). */
export type ProductWithCategory = ProductRow & { category_name: string | null; category_slug: string | null };

function selectProducts(db: Kysely<Database>) {
  return db
    .selectFrom("products")
    .leftJoin("categories", "categories.id", "products.category_id")
    .selectAll("products")
    .select(["categories.name as category_name", "categories.slug as category_slug"]);
}

export function listProducts(db: Kysely<Database>): Promise<ProductWithCategory[]> {
  return selectProducts(db).orderBy("products.model").execute();
}

export function listProductsOfCategory(db: Kysely<Database>, categoryId: string): Promise<ProductWithCategory[]> {
  return selectProducts(db).where("products.category_id", "=", categoryId).orderBy("products.model").execute();
}

export function findProductById(db: Kysely<Database>, id: string): Promise<ProductWithCategory | undefined> {
  return selectProducts(db).where("products.id", "=", id).executeTakeFirst();
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
