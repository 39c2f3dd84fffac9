import { PostgresAdapter, type Kysely } from "kysely";

/**
 * Sending and answering offers (decisions 096, 097). A sent version carries the hash of its personal
 * link (`/oferta/<token>`: the token itself is only in the customer's e-mail) and, once answered, the
 * proof of the answer: when, the name typed, the reason of a refusal, the address and browser, the
 * hash of the content as the page showed it, and whether its machines could not all be confirmed.
 * A booking may hold an offer's machines (tentative while it waits for an answer). An outbox message
 * may carry attachments (an offer's PDF, a rental's .ics), deleted with it. No existing row changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? "bytea" : "blob";
  await db.schema.alterTable("offers").addColumn("link_hash", "text").execute();
  for (const column of [
    "answered_at",
    "answer_name",
    "answer_reason",
    "answer_address",
    "answer_user_agent",
    "answer_content_hash",
  ])
    await db.schema.alterTable("offers").addColumn(column, "text").execute();
  await db.schema
    .alterTable("offers")
    .addColumn("booking_conflict", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("offers_link_hash_key").on("offers").column("link_hash").unique().execute();
  await db.schema
    .alterTable("bookings")
    .addColumn("offer_id", "text", (c) => c.references("offers.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("bookings_offer_idx").on("bookings").column("offer_id").execute();
  await db.schema
    .createTable("mail_attachments")
    .addColumn("mail_id", "text", (c) => c.notNull().references("mail_outbox.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("filename", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("content", binary, (c) => c.notNull())
    .addPrimaryKeyConstraint("mail_attachments_pkey", ["mail_id", "position"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("mail_attachments").execute();
  await db.schema.dropIndex("bookings_offer_idx").execute();
  await db.schema.alterTable("bookings").dropColumn("offer_id").execute();
  await db.schema.dropIndex("offers_link_hash_key").execute();
  for (const column of [
    "booking_conflict",
    "answer_content_hash",
    "answer_user_agent",
    "answer_address",
    "answer_reason",
    "answer_name",
    "answered_at",
    "link_hash",
  ])
    await db.schema.alterTable("offers").dropColumn(column).execute();
}
