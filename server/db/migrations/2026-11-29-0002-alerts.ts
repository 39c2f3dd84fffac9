import type { Kysely } from "kysely";

/**
 * The alerts mailed to the administrators (decision 088): one row per kind, whether it is firing,
 * since when and when it was last mailed. Every instance checks; the row's conditional update decides
 * which one mails, so a kind is mailed once per instance set.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("alerts")
    .addColumn("kind", "text", (c) => c.primaryKey())
    .addColumn("firing", "integer", (c) => c.notNull())
    .addColumn("since", "text")
    .addColumn("last_mailed_at", "text")
    .addColumn("detail", "text")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("alerts").execute();
}
