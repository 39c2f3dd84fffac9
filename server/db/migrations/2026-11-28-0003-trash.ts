import type { Kysely } from "kysely";

/**
 * The trash ('Cos', decision 074): a deleted item's full snapshot (its row and its dependent rows,
 * as JSON) while its live rows are gone, so no public read has anything to filter. `trash_images`
 * names the pictures a snapshot needs: they are not deleted while it exists. `slug` and
 * `category_slug` find a machine's address in the trash (its page answers 410).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("trash")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("item_name", "text", (c) => c.notNull())
    .addColumn("slug", "text")
    .addColumn("category_slug", "text")
    .addColumn("deleted_at", "text", (c) => c.notNull())
    .addColumn("user_id", "text")
    .addColumn("user_name", "text", (c) => c.notNull())
    .addColumn("snapshot", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("trash_deleted_at").on("trash").columns(["deleted_at"]).execute();
  await db.schema.createIndex("trash_kind_slug").on("trash").columns(["kind", "slug"]).execute();
  await db.schema
    .createTable("trash_images")
    .addColumn("trash_id", "text", (c) => c.notNull().references("trash.id").onDelete("cascade"))
    .addColumn("image_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("trash_images_pk", ["trash_id", "image_id"])
    .execute();
  await db.schema.createIndex("trash_images_image").on("trash_images").columns(["image_id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("trash_images").execute();
  await db.schema.dropTable("trash").execute();
}
