import { sql, type Kysely } from "kysely";
import type { ActivityLogRow, Database } from "../schema.ts";

/** An entry as its writer gives it; the user's name is read from the account in the same statement. */
export interface NewActivityEntry {
  id: string;
  at: string;
  userId: string | null;
  /** The name written when no account has `userId` (a login under an unknown name). */
  fallbackUserName: string;
  address: string;
  action: string;
  kind: string;
  itemId: string | null;
  itemName: string;
  summary: string;
}

export async function insertActivity(db: Kysely<Database>, entry: NewActivityEntry): Promise<void> {
  const userName =
    entry.userId === null
      ? entry.fallbackUserName
      : sql<string>`coalesce((select username from users where id = ${entry.userId}), ${entry.fallbackUserName})`;
  await db
    .insertInto("activity_log")
    .values({
      id: entry.id,
      at: entry.at,
      user_id: entry.userId,
      user_name: userName,
      address: entry.address,
      action: entry.action,
      kind: entry.kind,
      item_id: entry.itemId,
      item_name: entry.itemName,
      summary: entry.summary,
    })
    .execute();
}

/** Which entries: each field narrows (instants as ISO text, `until` excluded). */
export interface ActivityRowFilter {
  action?: string | undefined;
  kind?: string | undefined;
  userId?: string | undefined;
  from?: string | undefined;
  until?: string | undefined;
}

/** The matching entries, newest first, `limit` from `offset` (each filter has its index with the time). */
export async function listActivity(
  db: Kysely<Database>,
  filter: ActivityRowFilter,
  page: { offset: number; limit: number },
): Promise<ActivityLogRow[]> {
  return filteredActivity(db, filter)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** The matching entries after `after` (newest first, as listActivity orders them): an export's next page. */
export async function activityAfter(
  db: Kysely<Database>,
  filter: ActivityRowFilter,
  after: Pick<ActivityLogRow, "at" | "id"> | undefined,
  limit: number,
): Promise<ActivityLogRow[]> {
  let query = filteredActivity(db, filter);
  if (after)
    query = query.where((eb) =>
      eb.or([eb("at", "<", after.at), eb.and([eb("at", "=", after.at), eb("id", "<", after.id)])]),
    );
  return query.orderBy("at", "desc").orderBy("id", "desc").limit(limit).execute();
}

function filteredActivity(db: Kysely<Database>, filter: ActivityRowFilter) {
  let query = db.selectFrom("activity_log").selectAll();
  if (filter.action !== undefined) query = query.where("action", "=", filter.action);
  if (filter.kind !== undefined) query = query.where("kind", "=", filter.kind);
  if (filter.userId !== undefined) query = query.where("user_id", "=", filter.userId);
  if (filter.from !== undefined) query = query.where("at", ">=", filter.from);
  if (filter.until !== undefined) query = query.where("at", "<", filter.until);
  return query;
}

/** Of `ids`, those that name a row of `table` now. */
export async function existingIds(
  db: Kysely<Database>,
  table: "products" | "categories" | "banners" | "contact_requests" | "users" | "bookings",
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom(table).select("id").where("id", "in", ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** Forgets the entries written before `cutoff` (ISO instant); how many. */
export async function deleteActivityBefore(db: Kysely<Database>, cutoff: string): Promise<number> {
  const result = await db.deleteFrom("activity_log").where("at", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Names an item anew in every entry of it: the Jurnal's name of an item whose person was erased. */
export async function renameActivityItem(
  db: Kysely<Database>,
  kind: string,
  itemId: string,
  itemName: string,
): Promise<void> {
  await db
    .updateTable("activity_log")
    .set({ item_name: itemName })
    .where("item_id", "=", itemId)
    .where("kind", "=", kind)
    .execute();
}

/**
 * The entries about these items written by someone without an account under a name starting with
 * `namePrefix` (a customer answering an offer) keep `userName` alone and no address.
 */
export async function forgetEntriesOfUnknownAuthors(
  db: Kysely<Database>,
  itemIds: readonly string[],
  namePrefix: string,
  userName: string,
): Promise<void> {
  if (itemIds.length === 0) return;
  await db
    .updateTable("activity_log")
    .set({ user_name: userName, address: "" })
    .where("item_id", "in", itemIds)
    .where("user_id", "is", null)
    .where(sql<string>`substr(user_name, 1, ${sql.lit(namePrefix.length)})`, "=", namePrefix)
    .execute();
}
