import type { Kysely } from "kysely";

/**
 * Erasing a request takes its customer's data out of the offers written for it (decision 100):
 * - the outbox learns the offer a message carries or answers (its sending, the office's and the
 *   customer's mails of an answer), so those messages can be deleted with the rest. Messages queued
 *   before this column have none; the sender prunes them once sent (MAIL_RETENTION_DAYS);
 * - the Jurnal's entries are found by their item, to rename them without the customer.
 * No existing row changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("mail_outbox")
    .addColumn("offer_id", "text", (c) => c.references("offers.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("mail_outbox_offer_idx").on("mail_outbox").column("offer_id").execute();
  await db.schema.createIndex("activity_log_item_idx").on("activity_log").column("item_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("activity_log_item_idx").execute();
  await db.schema.dropIndex("mail_outbox_offer_idx").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("offer_id").execute();
}
