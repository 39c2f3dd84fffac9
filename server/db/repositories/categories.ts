import type { Kysely } from "kysely";
import type { CategoryRow, Database, NewCategory } from "../schema.ts";

export function listCategories(db: Kysely<Database>): Promise<CategoryRow[]> {
  return db.selectFrom("categories").selectAll().orderBy("name").execute();
}

export function findCategoryById(db: Kysely<Database>, id: string): Promise<CategoryRow | undefined> {
  return db.selectFrom("categories").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findCategoryBySlug(db: Kysely<Database>, slug: string): Promise<CategoryRow | undefined> {
  return db.selectFrom("categories").selectAll().where("slug", "=", slug).executeTakeFirst();
}

export async function insertCategory(db: Kysely<Database>, row: NewCategory): Promise<void> {
  await db.insertInto("categories").values(row).execute();
}

/**
 * The category's new names and its next version. With `version`, only while the row still has it
 * (the check and the write in one statement, decision 068): false when it moved on, as when there
 * is no such category.
 */
export async function updateCategory(
  db: Kysely<Database>,
  id: string,
  changes: Pick<CategoryRow, "name" | "slug" | "updated_at"> & { name_en?: string | undefined },
  version?: number,
): Promise<boolean> {
  let query = db
    .updateTable("categories")
    .set((eb) => ({ ...changes, version: eb("version", "+", 1) }))
    .where("id", "=", id);
  if (version !== undefined) query = query.where("version", "=", version);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Products of the category stay; their category_id becomes null (foreign key ON DELETE SET NULL). */
export async function deleteCategory(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom("categories").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
