import type { Kysely } from "kysely";
import type { ConfigurationRow, Database, NewConfiguration } from "../schema.ts";

export function listConfiguration(db: Kysely<Database>): Promise<ConfigurationRow[]> {
  return db.selectFrom("configuration").selectAll().orderBy("key").execute();
}

export async function insertConfiguration(db: Kysely<Database>, rows: NewConfiguration[]): Promise<void> {
  if (rows.length > 0) await db.insertInto("configuration").values(rows).execute();
}

/**
 * The entry's new value and its next version. With `version`, only while the row still has it (the
 * check and the write in one statement, decision 068): false when it moved on.
 */
export async function updateConfigurationValue(
  db: Kysely<Database>,
  id: string,
  change: { value: string; updatedAt: string; version: number | undefined },
): Promise<boolean> {
  let query = db
    .updateTable("configuration")
    .set((eb) => ({ value: change.value, updated_at: change.updatedAt, version: eb("version", "+", 1) }))
    .where("id", "=", id);
  if (change.version !== undefined) query = query.where("version", "=", change.version);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
