import { randomUUID } from "node:crypto";
import type { Insertable, Kysely } from "kysely";
import { ACTIVITY_ACTIONS, ACTIVITY_KINDS } from "../../common/activity/activity-schemas.ts";
import type { ActivityLogTable, Database } from "../../server/db/schema.ts";

/** A year's activity log for the benches that need one (activity-log, nothing-lost). */

const PER_TRANSACTION = 2000;
export const ACTIVITY_USERS = [randomUUID(), randomUUID(), randomUUID()];

/**
 * `count` entries spread evenly over the last 365 days, actions, kinds and users in turn; `name`,
 * when given, starts every user's and item's name (a long one weighs on an export).
 */
export async function createActivityEntries(db: Kysely<Database>, count: number, name = ""): Promise<void> {
  const now = Date.now();
  for (let start = 0; start < count; start += PER_TRANSACTION) {
    const rows: Insertable<ActivityLogTable>[] = [];
    for (let index = start; index < Math.min(start + PER_TRANSACTION, count); index += 1) {
      rows.push({
        id: randomUUID(),
        at: new Date(now - (index / count) * 365 * 86_400_000).toISOString(),
        user_id: ACTIVITY_USERS[index % ACTIVITY_USERS.length] ?? null,
        user_name: `${name}admin${index % ACTIVITY_USERS.length}`,
        address: `10.0.${index % 250}.${index % 7}`,
        action: ACTIVITY_ACTIONS[index % ACTIVITY_ACTIONS.length] ?? "update",
        kind: ACTIVITY_KINDS[index % ACTIVITY_KINDS.length] ?? "product",
        item_id: randomUUID(),
        item_name: `${name}Utilaj ${index % 500}`,
        summary: "Modificat: oferta, galeria",
      });
    }
    await db.transaction().execute(async (trx) => {
      for (let offset = 0; offset < rows.length; offset += 500)
        await trx
          .insertInto("activity_log")
          .values(rows.slice(offset, offset + 500))
          .execute();
    });
  }
}
