import type { Kysely } from "kysely";

/**
 * Contact requests become leads: a status the administrator moves along, the machine a
 * request was about, the e-mail that reports it, and a fingerprint of its content so the same
 * request sent twice within minutes is stored once. Frozen in time like every migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("contact_requests")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("nou"))
    .execute();
  await db.schema.alterTable("contact_requests").addColumn("product_id", "text").execute();
  await db.schema.alterTable("contact_requests").addColumn("product_model", "text").execute();
  await db.schema.alterTable("contact_requests").addColumn("mail_id", "text").execute();
  await db.schema.createIndex("contact_requests_created_idx").on("contact_requests").column("created_at").execute();

  await db.schema.alterTable("mail_outbox").addColumn("reply_to", "text").execute();

  await db.schema.createIndex("captcha_spent_expires_idx").on("captcha_spent").column("expires_at").execute();

  await db.schema
    .createTable("contact_fingerprints")
    .addColumn("fingerprint", "text", (c) => c.primaryKey())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("contact_fingerprints_expires_idx")
    .on("contact_fingerprints")
    .column("expires_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("contact_fingerprints").execute();
  await db.schema.dropIndex("captcha_spent_expires_idx").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("reply_to").execute();
  await db.schema.dropIndex("contact_requests_created_idx").execute();
  for (const column of ["mail_id", "product_model", "product_id", "status"]) {
    await db.schema.alterTable("contact_requests").dropColumn(column).execute();
  }
}
