import type { Kysely } from "kysely";

/**
 * Searches of the public site that found nothing (decision 060), one row per folded text and day in
 * Romania with how many times it was searched and when last: no address, no cookie, nothing that
 * names a visitor. Kept as long as contact requests; the number of texts a day is capped by the code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("search_misses")
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("last_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("search_misses_pk", ["day", "text"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("search_misses").execute();
}
