import type { Kysely } from "kysely";

/**
 * Offers (decision 094). `offer_counters` holds the last sequence given per year: a number is taken by
 * updating that row inside the offer's own transaction, so two instances saving at once wait for each
 * other and never get the same number, and a rolled-back save gives its number back. An offer's row
 * holds its customer, language, percentages and validity, and its totals as computed once
 * (common/pricing/offer-totals.ts); every version of an offer is a row of its own under the same year
 * and sequence. Its lines keep what was written and priced (a machine's model and the rule's cover),
 * so a later change of the catalogue never changes an offer. No existing row is touched.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("offer_counters")
    .addColumn("year", "integer", (c) => c.primaryKey())
    .addColumn("last_number", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("offers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("sequence", "integer", (c) => c.notNull())
    .addColumn("number", "text", (c) => c.notNull())
    .addColumn("offer_version", "integer", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("lead_id", "text", (c) => c.references("contact_requests.id").onDelete("set null"))
    .addColumn("customer_name", "text", (c) => c.notNull())
    .addColumn("customer_company", "text", (c) => c.notNull())
    .addColumn("customer_email", "text", (c) => c.notNull())
    .addColumn("customer_phone", "text", (c) => c.notNull())
    .addColumn("lang", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("vat_rate", "integer", (c) => c.notNull())
    .addColumn("discount", "integer", (c) => c.notNull())
    .addColumn("notes", "text", (c) => c.notNull())
    .addColumn("valid_until", "text", (c) => c.notNull())
    .addColumn("subtotal", "integer", (c) => c.notNull())
    .addColumn("discount_amount", "integer", (c) => c.notNull())
    .addColumn("net", "integer", (c) => c.notNull())
    .addColumn("vat_amount", "integer", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addUniqueConstraint("offers_number_version_key", ["year", "sequence", "offer_version"])
    .execute();
  await db.schema.createIndex("offers_state_idx").on("offers").columns(["state", "created_at"]).execute();
  await db.schema.createIndex("offers_lead_idx").on("offers").column("lead_id").execute();
  await db.schema
    .createTable("offer_lines")
    .addColumn("offer_id", "text", (c) => c.notNull().references("offers.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    // Not a foreign key: the machine may be deleted later, the offer keeps what it promised.
    .addColumn("product_id", "text")
    .addColumn("first_day", "text")
    .addColumn("last_day", "text")
    .addColumn("days", "integer")
    .addColumn("units", "integer", (c) => c.notNull())
    .addColumn("with_operator", "integer", (c) => c.notNull())
    .addColumn("months", "integer")
    .addColumn("weeks", "integer")
    .addColumn("period_days", "integer")
    .addColumn("charged_days", "integer")
    .addColumn("rule_amount", "integer")
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("discount", "integer", (c) => c.notNull())
    .addColumn("discount_amount", "integer", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("offer_lines_pkey", ["offer_id", "position"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("offer_lines").execute();
  await db.schema.dropTable("offers").execute();
  await db.schema.dropTable("offer_counters").execute();
}
