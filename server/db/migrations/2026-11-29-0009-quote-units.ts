import type { Kysely } from "kysely";

/**
 * How many units of each machine a quote list asks for (decision 098): `contact_request_items.units`,
 * 1 for every request stored before, which asked for one of each.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("contact_request_items")
    .addColumn("units", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("contact_request_items").dropColumn("units").execute();
}
