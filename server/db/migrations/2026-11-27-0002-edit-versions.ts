import type { Kysely } from "kysely";

/**
 * A version per record the administrator edits in a form (decision 068): categories, machines,
 * banners and configuration entries. Every save adds one to it in the statement that writes the
 * row, and a save that names the version it was based on is refused when the row has moved on.
 * Existing rows start at 1, as a new row does.
 */
const TABLES = ["categories", "products", "banners", "configuration"];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...TABLES].reverse()) await db.schema.alterTable(table).dropColumn("version").execute();
}
