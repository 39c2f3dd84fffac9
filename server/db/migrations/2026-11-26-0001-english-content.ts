import type { Kysely } from "kysely";

/**
 * English beside the Romanian of every text the company writes: the category name, the product's
 * three rich texts, a banner's caption (new, in both languages) and its picture's description (a
 * product picture's is built from its model, in either language). An empty value means "not
 * translated": the pages then show the Romanian. Existing rows stay valid.
 */
const COLUMNS: [table: string, column: string][] = [
  ["categories", "name_en"],
  ["products", "header_offer_en"],
  ["products", "details_en"],
  ["products", "technical_data_en"],
  ["banners", "caption"],
  ["banners", "caption_en"],
  ["banners", "alt_en"],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, column] of COLUMNS) {
    await db.schema
      .alterTable(table)
      .addColumn(column, "text", (c) => c.notNull().defaultTo(""))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, column] of [...COLUMNS].reverse()) await db.schema.alterTable(table).dropColumn(column).execute();
}
