import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";

/**
 * The figures of the demand overview, counted by the database (both dialects): requests received in
 * periods, and the machines and categories of quote lists most asked for since a moment. Timestamps
 * are ISO-8601 UTC text, so ranges compare as text; each count reads one index range
 * (contact_requests.created_at, and the quote lists' received_at indexes) and no table rows.
 */

/** A span of time: from `from` (included) to `until` (excluded), ISO instants. */
export interface Period {
  from: string;
  until: string;
}

/** How many requests were received in each period: one index range count each. */
export async function countLeadsIn(db: Kysely<Database>, periods: readonly Period[]): Promise<number[]> {
  return Promise.all(
    periods.map(async ({ from, until }) => {
      const row = await db
        .selectFrom("contact_requests")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("created_at", ">=", from)
        .where("created_at", "<", until)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    }),
  );
}

export interface AskedFor {
  id: string;
  count: number;
}

/**
 * The machines asked for by the most requests received since `since`, most first (then by id, so
 * the order is stable). A machine is once in a list, so its rows are its requests.
 */
export async function mostAskedMachines(db: Kysely<Database>, since: string, limit: number): Promise<AskedFor[]> {
  const rows = await db
    .selectFrom("contact_request_items")
    .where("received_at", ">=", since)
    .groupBy("product_id")
    .select((eb) => ["product_id as id", eb.fn.countAll<number | string>().as("count")])
    .orderBy("count", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, count: Number(row.count) }));
}

/**
 * The categories whose machines the most requests received since `since` asked for (a request
 * counts once per category).
 */
export async function mostAskedCategories(db: Kysely<Database>, since: string, limit: number): Promise<AskedFor[]> {
  // Distinct pairs first, then counted: PostgreSQL hashes the pairs, where count(distinct) would sort each group's ids.
  const pairs = db
    .selectFrom("contact_request_items")
    .select(["category_id", "request_id"])
    .distinct()
    .where("received_at", ">=", since)
    .where("category_id", "is not", null);
  const rows = await db
    .selectFrom(pairs.as("pairs"))
    .groupBy("pairs.category_id")
    .select((eb) => ["pairs.category_id as id", eb.fn.countAll<number | string>().as("count")])
    .orderBy("count", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.flatMap((row) => (row.id === null ? [] : [{ id: row.id, count: Number(row.count) }]));
}

export interface AskedName {
  /** The model, or the category's name. */
  name: string;
  /** For a machine: its category's name. */
  category: string | null;
}

/** What each machine was called in the newest request that asked for it (for machines deleted since). */
export async function lastAskedMachineNames(
  db: Kysely<Database>,
  productIds: readonly string[],
): Promise<Map<string, AskedName>> {
  const names = await Promise.all(
    productIds.map(async (id) => {
      const row = await db
        .selectFrom("contact_request_items")
        .select(["product_model", "category_name"])
        .where("product_id", "=", id)
        .orderBy("received_at", "desc")
        .limit(1)
        .executeTakeFirst();
      return [id, { name: row?.product_model ?? "", category: row?.category_name ?? null }] as const;
    }),
  );
  return new Map(names);
}

/**
 * What each category was called in the newest request that asked for one of its machines (for
 * categories deleted since).
 */
export async function lastAskedCategoryNames(
  db: Kysely<Database>,
  categoryIds: readonly string[],
): Promise<Map<string, string>> {
  const names = await Promise.all(
    categoryIds.map(async (id) => {
      const row = await db
        .selectFrom("contact_request_items")
        .select("category_name")
        .where("category_id", "=", id)
        .orderBy("received_at", "desc")
        .limit(1)
        .executeTakeFirst();
      return [id, row?.category_name ?? ""] as const;
    }),
  );
  return new Map(names);
}
