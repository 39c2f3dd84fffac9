import type { Kysely } from "kysely";

/**
 * The instances seen (decision 087): each running process writes its heartbeat here every minute
 * (its id, version, start and last time seen), so that the Stare page of any one of them lists them
 * all. Rows of instances gone are swept after a week.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("instances")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("version", "text", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("instances_last_seen").on("instances").column("last_seen_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("instances").execute();
}
