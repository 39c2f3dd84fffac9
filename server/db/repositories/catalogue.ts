import { sql, type Kysely } from "kysely";
import type { Database } from "../schema.ts";

/** The tables an administrator fills; users and app state do not count. */
const catalogueTables = ["categories", "products", "banners", "configuration"] as const;

/** True when no category, product, banner or configuration row exists yet (a new database). */
export async function isCatalogueEmpty(db: Kysely<Database>): Promise<boolean> {
  for (const table of catalogueTables) {
    const row = await db
      .selectFrom(table)
      .select(sql<number>`1`.as("present"))
      .limit(1)
      .executeTakeFirst();
    if (row) return false;
  }
  return true;
}
