import type { Kysely } from "kysely";

/**
 * A machine's prices (decision 089): whole minor units (bani, cents) without VAT, each nullable (no rate
 * given), a minimum number of days, and `price_on_request` (1: "preț la cerere", its rates never shown
 * publicly). Every existing machine gets no rates and is not on request: nothing it shows changes. The
 * site's currency, VAT rate and public display switch are configuration entries (absent: RON, 21 %,
 * hidden): none needs a column here.
 */
const AMOUNT_COLUMNS = [
  "price_day",
  "price_week",
  "price_month",
  "price_deposit",
  "price_operator_day",
  "price_minimum_days",
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement (SQLite adds one at a time); MAX_AMOUNT (10^9) fits a 32-bit integer.
  for (const column of AMOUNT_COLUMNS) {
    await db.schema.alterTable("products").addColumn(column, "integer").execute();
  }
  await db.schema
    .alterTable("products")
    .addColumn("price_on_request", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [...AMOUNT_COLUMNS, "price_on_request"]) {
    await db.schema.alterTable("products").dropColumn(column).execute();
  }
}
