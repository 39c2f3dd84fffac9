import { sql, type Kysely } from "kysely";
import type { Database } from "../schema.ts";

/**
 * The figures of the demand overview, counted by the database (both dialects): requests received in
 * consecutive periods, and the machines and categories of quote lists most asked for since a moment.
 * Timestamps are ISO-8601 UTC text, so ranges compare as text and use the created_at index.
 */

/** A span of time: from `from` (included) to `until` (excluded), ISO instants. */
export interface Period {
  from: string;
  until: string;
}

/** How many requests were received in each period (consecutive, oldest first). */
export async function countLeadsIn(db: Kysely<Database>, periods: readonly Period[]): Promise<number[]> {
  const [first] = periods;
  const last = periods.at(-1);
  if (!first || !last) return [];
  const row = await db
    .selectFrom("contact_requests")
    .select(periods.map(({ from, until }, index) => sql<number | string | null>`sum(case when created_at >= ${from} and created_at < ${until} then 1 else 0 end)`.as(`p${index}`)))
    .where("created_at", ">=", first.from)
    .where("created_at", "<", last.until)
    .executeTakeFirstOrThrow();
  const counts = row as Record<string, number | string | null>;
  return periods.map((_, index) => Number(counts[`p${index}`] ?? 0));
}

export interface AskedFor {
  id: string;
  /** A name it was asked for under (one of them, when it was renamed; the caller prefers the catalogue's). */
  name: string;
  /** For a machine: a category it was asked for under. */
  category: string | null;
  count: number;
}

/** The machines asked for by the most requests received since `since`, most first (then by name). */
export async function mostAskedMachines(db: Kysely<Database>, since: string, limit: number): Promise<AskedFor[]> {
  const rows = await db
    .selectFrom("contact_request_items as i")
    .innerJoin("contact_requests as r", "r.id", "i.request_id")
    .where("r.created_at", ">=", since)
    .groupBy("i.product_id")
    .select((eb) => ["i.product_id as id", eb.fn.max("i.product_model").as("name"), eb.fn.max("i.category_name").as("category"), eb.fn.countAll<number | string>().as("count")])
    .orderBy("count", "desc")
    .orderBy("name")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, category: row.category, count: Number(row.count) }));
}

/** The categories whose machines the most requests received since `since` asked for (a request counts once per category). */
export async function mostAskedCategories(db: Kysely<Database>, since: string, limit: number): Promise<AskedFor[]> {
  const rows = await db
    .selectFrom("contact_request_items as i")
    .innerJoin("contact_requests as r", "r.id", "i.request_id")
    .where("r.created_at", ">=", since)
    .where("i.category_id", "is not", null)
    .groupBy("i.category_id")
    .select((eb) => [
      "i.category_id as id",
      eb.fn.max("i.category_name").as("name"),
      sql<number | string>`count(distinct i.request_id)`.as("count"),
    ])
    .orderBy("count", "desc")
    .orderBy("name")
    .limit(limit)
    .execute();
  return rows.flatMap((row) => (row.id === null ? [] : [{ id: row.id, name: row.name ?? "", category: null, count: Number(row.count) }]));
}
