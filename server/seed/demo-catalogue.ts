import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

export async function seedDemoCatalogue(_db: Kysely<Database>): Promise<boolean> {
  return false;
}
