import type { Kysely } from "kysely";

/** Messages that carry a one-time secret (reset links) are marked, so their body is dropped once sent. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("mail_outbox")
    .addColumn("one_time", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("mail_outbox_sent_idx").on("mail_outbox").column("sent_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("mail_outbox_sent_idx").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("one_time").execute();
}
