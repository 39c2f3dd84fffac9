import type { Kysely } from "kysely";

/**
 * The nightly backups: one row per night (its Romanian day is the key, so the instance whose insert
 * wins runs that night's backup and no other, even after a clock jump), with what it made, whether
 * its check passed, and where its off-site copy went. Sizes are bigint: a PostgreSQL backup holds the
 * pictures and may pass the 2 GiB a 32-bit integer holds.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("backup_runs")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("instance", "text", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("file", "text")
    .addColumn("bytes", "bigint")
    .addColumn("rows", "bigint")
    .addColumn("error", "text")
    .addColumn("offsite", "text", (c) => c.notNull())
    .addColumn("offsite_error", "text")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("backup_runs").execute();
}
