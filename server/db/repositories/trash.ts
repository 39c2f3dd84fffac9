import { sql, type Kysely } from "kysely";
import type { Database, TrashRow } from "../schema.ts";
import { UNKNOWN_CATEGORY } from "../../../common/catalogue/catalogue-views.ts";
import { toSlug } from "../../../common/text/slug.ts";

export interface NewTrashEntry {
  id: string;
  kind: string;
  itemId: string;
  itemName: string;
  slug: string | null;
  categorySlug: string | null;
  deletedAt: string;
  userId: string | null;
  snapshot: string;
  imageIds: readonly string[];
}

/** The entry and the pictures it keeps; the user's name is read from the account in the same statement. */
export async function insertTrashEntry(db: Kysely<Database>, entry: NewTrashEntry): Promise<void> {
  await db
    .insertInto("trash")
    .values({
      id: entry.id,
      kind: entry.kind,
      item_id: entry.itemId,
      item_name: entry.itemName,
      slug: entry.slug,
      category_slug: entry.categorySlug,
      deleted_at: entry.deletedAt,
      user_id: entry.userId,
      user_name:
        entry.userId === null ? "" : sql<string>`coalesce((select username from users where id = ${entry.userId}), '')`,
      snapshot: entry.snapshot,
    })
    .execute();
  const images = [...new Set(entry.imageIds)];
  if (images.length > 0)
    await db
      .insertInto("trash_images")
      .values(images.map((image_id) => ({ trash_id: entry.id, image_id })))
      .execute();
}

/** The trash's entries, newest first, without their snapshots. */
export function listTrash(db: Kysely<Database>): Promise<Omit<TrashRow, "snapshot">[]> {
  return db
    .selectFrom("trash")
    .select(["id", "kind", "item_id", "item_name", "slug", "category_slug", "deleted_at", "user_id", "user_name"])
    .orderBy("deleted_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

export function findTrashEntry(db: Kysely<Database>, id: string): Promise<TrashRow | undefined> {
  return db.selectFrom("trash").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The machine of this address in the trash (its page answers 410), the latest deleted. */
export function findTrashedProduct(
  db: Kysely<Database>,
  categorySlug: string,
  slug: string,
): Promise<Pick<TrashRow, "id" | "item_name" | "category_slug"> | undefined> {
  return (
    db
      .selectFrom("trash")
      .select(["id", "item_name", "category_slug"])
      .where("kind", "=", "product")
      .where("slug", "=", slug)
      // A machine deleted while in no category lived under the slug of 'Necunoscut' (productPathOf).
      .where((eb) =>
        categorySlug === toSlug(UNKNOWN_CATEGORY)
          ? eb.or([eb("category_slug", "=", categorySlug), eb("category_slug", "is", null)])
          : eb("category_slug", "=", categorySlug),
      )
      .orderBy("deleted_at", "desc")
      .executeTakeFirst()
  );
}

/** Removes the entry (its pictures are then free to go); the pictures it kept. */
export async function deleteTrashEntry(db: Kysely<Database>, id: string): Promise<string[] | undefined> {
  const images = await db.selectFrom("trash_images").select("image_id").where("trash_id", "=", id).execute();
  await db.deleteFrom("trash_images").where("trash_id", "=", id).execute();
  const deleted = await db.deleteFrom("trash").where("id", "=", id).executeTakeFirst();
  return deleted.numDeletedRows > 0n ? images.map((row) => row.image_id) : undefined;
}

/** The entries deleted before `cutoff` (ISO instant), oldest first. */
export async function trashIdsBefore(db: Kysely<Database>, cutoff: string): Promise<string[]> {
  const rows = await db
    .selectFrom("trash")
    .select("id")
    .where("deleted_at", "<", cutoff)
    .orderBy("deleted_at")
    .execute();
  return rows.map((row) => row.id);
}

/** The entry of an item of this kind, if it is in the trash (the latest deleted). */
export function findTrashEntryOfItem(
  db: Kysely<Database>,
  kind: string,
  itemId: string,
): Promise<TrashRow | undefined> {
  return db
    .selectFrom("trash")
    .selectAll()
    .where("kind", "=", kind)
    .where("item_id", "=", itemId)
    .orderBy("deleted_at", "desc")
    .executeTakeFirst();
}

/**
 * The categories in the trash whose snapshot names this id (latest deleted first). LIKE only narrows
 * the rows (a `_` in an id would match more): the caller reads the snapshots to be sure.
 */
export function trashedCategoriesNaming(db: Kysely<Database>, id: string): Promise<TrashRow[]> {
  return db
    .selectFrom("trash")
    .selectAll()
    .where("kind", "=", "category")
    .where("snapshot", "like", `%"${id}"%`)
    .orderBy("deleted_at", "desc")
    .execute();
}
