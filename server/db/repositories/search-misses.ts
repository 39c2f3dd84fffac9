import { sql, type Kysely } from "kysely";
import type { Database } from "../schema.ts";

/**
 * Counts one search without results of `text` on `day` (one statement per step, so concurrent
 * searches do not lose counts). A text new to the day is stored only while the day has fewer than
 * `textsPerDay` texts, and when `mayAddText` allows it (the searcher's share of the day): a flood of
 * made-up queries cannot grow the table without bound, nor fill the day alone.
 */
export async function recordSearchMiss(
  db: Kysely<Database>,
  text: string,
  day: string,
  now: Date,
  textsPerDay: number,
  mayAddText: () => boolean,
): Promise<void> {
  const at = now.toISOString();
  const counted = await db
    .updateTable("search_misses")
    .set({ count: sql<number>`count + 1`, last_at: at })
    .where("day", "=", day)
    .where("text", "=", text)
    .executeTakeFirst();
  if (counted.numUpdatedRows > 0n) return;
  const { texts } = await db
    .selectFrom("search_misses")
    .select((eb) => eb.fn.countAll<number | string>().as("texts"))
    .where("day", "=", day)
    .executeTakeFirstOrThrow();
  if (Number(texts) >= textsPerDay || !mayAddText()) return;
  await db
    .insertInto("search_misses")
    .values({ text, day, count: 1, last_at: at })
    .onConflict((conflict) =>
      conflict.columns(["day", "text"]).doUpdateSet({ count: sql<number>`search_misses.count + 1`, last_at: at }),
    )
    .execute();
}

export interface SearchMissRow {
  text: string;
  count: number;
  last_at: string;
}

/** The texts searched without results from `fromDay` on, the most searched first (then the latest), at most `limit`. */
export async function searchMissesSince(
  db: Kysely<Database>,
  fromDay: string,
  limit: number,
): Promise<SearchMissRow[]> {
  const rows = await db
    .selectFrom("search_misses")
    .select((eb) => ["text", eb.fn.sum<number | string>("count").as("count"), eb.fn.max("last_at").as("last_at")])
    .where("day", ">=", fromDay)
    .groupBy("text")
    .orderBy("count", "desc")
    .orderBy("last_at", "desc")
    .orderBy("text")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ text: row.text, count: Number(row.count), last_at: row.last_at }));
}

/** Forgets the days before `day` (the retention of decision 060). */
export async function deleteSearchMissesBefore(db: Kysely<Database>, day: string): Promise<number> {
  const result = await db.deleteFrom("search_misses").where("day", "<", day).executeTakeFirst();
  return Number(result.numDeletedRows);
}
