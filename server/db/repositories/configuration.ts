import type { Kysely } from "kysely";
import type { ConfigurationRow, Database } from "../schema.ts";

export function listConfiguration(db: Kysely<Database>): Promise<ConfigurationRow[]> {
  return db.selectFrom("configuration").selectAll().orderBy("key").execute();
}

export async function insertConfiguration(db: Kysely<Database>, rows: ConfigurationRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto("configuration").values(rows).execute();
}

export async function updateConfigurationValue(
  db: Kysely<Database>,
  id: string,
  value: string,
  updatedAt: string,
): Promise<void> {
  await db.updateTable("configuration").set({ value, updated_at: updatedAt }).where("id", "=", id).execute();
}
