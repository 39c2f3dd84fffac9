import type { Kysely } from "kysely";

/**
 * The activity log ('Jurnal', decision 073): one row per administrator action, written in the
 * transaction of the action's own write. No foreign key: an entry outlives its user and its item
 * (the names are copied into it). Indexes for the newest-first list and each of its filters.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("activity_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("user_id", "text")
    .addColumn("user_name", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_id", "text")
    .addColumn("item_name", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("activity_log_at").on("activity_log").columns(["at", "id"]).execute();
  for (const column of ["action", "kind", "user_id"]) {
    await db.schema.createIndex(`activity_log_${column}_at`).on("activity_log").columns([column, "at", "id"]).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("activity_log").execute();
}
