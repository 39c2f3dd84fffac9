import type { Kysely } from "kysely";

/**
 * The demand overview's offers (decision 099): the offers sent per month are read by when they were
 * sent, the accepted ones by their state and when they were accepted, each from one index range that
 * holds what is added (currency, totals), and whether a newer version of the number was sent from
 * the versions' index: no table row is read. No existing row changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("offers_sent_idx")
    .on("offers")
    .columns(["sent_at", "year", "sequence", "offer_version", "currency", "total", "net"])
    .execute();
  await db.schema
    .createIndex("offers_answered_idx")
    .on("offers")
    .columns(["state", "answered_at", "currency", "total", "net"])
    .execute();
  await db.schema
    .createIndex("offers_version_sent_idx")
    .on("offers")
    .columns(["year", "sequence", "offer_version", "sent_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("offers_version_sent_idx").execute();
  await db.schema.dropIndex("offers_answered_idx").execute();
  await db.schema.dropIndex("offers_sent_idx").execute();
}
