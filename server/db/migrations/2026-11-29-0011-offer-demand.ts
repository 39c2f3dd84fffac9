import type { Kysely } from "kysely";

/**
 * The demand overview's offers (decision 099): the offers sent per month are read by when they were
 * sent, the accepted ones by their state and when they were accepted, each as one index range. No
 * existing row changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("offers_sent_idx").on("offers").column("sent_at").execute();
  await db.schema.createIndex("offers_answered_idx").on("offers").columns(["state", "answered_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("offers_answered_idx").execute();
  await db.schema.dropIndex("offers_sent_idx").execute();
}
