import type { Kysely } from "kysely";

/**
 * The fleet and its bookings (decision 070). Each machine gets a number of units (1 for every
 * machine there is: one of each, as the site has shown them; 0 means "on request"). A booking takes
 * units of one machine from its first to its last day, both included ('YYYY-MM-DD', days in
 * Romania), in a state: tentativ, confirmat or anulat (a cancelled booking stays). `overbooked` is 1
 * when the administrator confirmed it knowingly beyond the fleet. The machine's bookings go with it
 * when it is deleted; a request erased (retention, erasure) leaves its bookings without their link.
 * The public switch (`show_availability`) is a configuration entry, true while absent, and the
 * calendar feed's token an app_state row made when the administrator asks for the address: neither
 * needs a column here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("units", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable("bookings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("units", "integer", (c) => c.notNull())
    .addColumn("first_day", "text", (c) => c.notNull())
    .addColumn("last_day", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("overbooked", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("lead_id", "text", (c) => c.references("contact_requests.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  // "The bookings of these machines that overlap a range": per machine, those ending on or after the
  // range's first day (the past drops out of the scan), with what the count needs in the index itself.
  await db.schema
    .createIndex("bookings_product_last_day_idx")
    .on("bookings")
    .columns(["product_id", "last_day", "first_day", "state", "units"])
    .execute();
  // The planner's list of every machine over a range, and a request's bookings.
  await db.schema.createIndex("bookings_last_day_idx").on("bookings").columns(["last_day", "first_day"]).execute();
  await db.schema.createIndex("bookings_lead_idx").on("bookings").column("lead_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("bookings").execute();
  await db.schema.alterTable("products").dropColumn("units").execute();
}
