import { PostgresAdapter, type Kysely } from "kysely";

/**
 * Revisions (decision 078): each save of a machine, a category or the configuration keeps the item's
 * state after it, compressed, with when, who and a one-line summary. `import_id` names the import
 * that made it. `revision_images` names the pictures a revision's state shows: they are not deleted
 * while it exists. New tables only: every existing row stays as it is.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? "bytea" : "blob";
  await db.schema
    .createTable("revisions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("user_id", "text")
    .addColumn("user_name", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("import_id", "text")
    .addColumn("state", binary, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("revisions_item_at").on("revisions").columns(["kind", "item_id", "at", "id"]).execute();
  await db.schema.createIndex("revisions_at").on("revisions").columns(["at"]).execute();
  await db.schema.createIndex("revisions_import").on("revisions").columns(["import_id"]).execute();
  await db.schema
    .createTable("revision_images")
    .addColumn("revision_id", "text", (c) => c.notNull().references("revisions.id").onDelete("cascade"))
    .addColumn("image_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("revision_images_pk", ["revision_id", "image_id"])
    .execute();
  await db.schema.createIndex("revision_images_image").on("revision_images").columns(["image_id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("revision_images").execute();
  await db.schema.dropTable("revisions").execute();
}
