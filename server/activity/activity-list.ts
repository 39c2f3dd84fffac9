import type { Kysely } from "kysely";
import {
  ACTIVITY_ACTION_LABELS,
  ACTIVITY_KIND_LABELS,
  ACTIVITY_PAGE_SIZE,
  type ActivityAction,
  type ActivityEntry,
  type ActivityFilter,
  type ActivityKind,
  type ActivityListQuery,
  type ActivityPage,
} from "../../common/activity/activity-schemas.ts";
import { addDays, romanianDay, startOfRomanianDay } from "../../common/days/romanian-day.ts";
import { keysetPages, spreadsheetCsvStream, spreadsheetDate } from "../core/spreadsheet-csv.ts";
import { activityAfter, existingIds, listActivity, type ActivityRowFilter } from "../db/repositories/activity-log.ts";
import { listUsers } from "../db/repositories/users.ts";
import type { ActivityLogRow, Database } from "../db/schema.ts";

/** The tables whose rows the log's items are; the configuration always exists, so it is always linked. */
const ITEM_TABLES = {
  product: "products",
  category: "categories",
  banner: "banners",
  lead: "contact_requests",
  user: "users",
  booking: "bookings",
} as const;

/** A CSV holds at most this many entries (a year of a busy back-office), newest first. */
const CSV_MAX_ROWS = 100_000;

function rowFilter(filter: ActivityFilter): ActivityRowFilter {
  return {
    action: filter.action,
    kind: filter.kind,
    userId: filter.user,
    from: filter.from === undefined ? undefined : startOfRomanianDay(filter.from).toISOString(),
    until: filter.to === undefined ? undefined : startOfRomanianDay(addDays(filter.to, 1)).toISOString(),
  };
}

/** Which of the rows' items exist now, one query per kind of item. */
async function itemsThatExist(db: Kysely<Database>, rows: readonly ActivityLogRow[]): Promise<Set<string>> {
  const exist = new Set<string>();
  for (const [kind, table] of Object.entries(ITEM_TABLES)) {
    const ids = [...new Set(rows.filter((row) => row.kind === kind && row.item_id).map((row) => row.item_id ?? ""))];
    for (const id of await existingIds(db, table, ids)) exist.add(`${kind}:${id}`);
  }
  return exist;
}

function entryOf(row: ActivityLogRow, exists: boolean): ActivityEntry {
  return {
    id: row.id,
    at: row.at,
    userId: row.user_id,
    userName: row.user_name,
    address: row.address,
    action: row.action,
    kind: row.kind,
    itemId: row.item_id,
    itemName: row.item_name,
    summary: row.summary,
    itemExists: exists,
  };
}

/** One page of the log, newest first (the screen 'Jurnal'). */
export async function activityPage(db: Kysely<Database>, query: ActivityListQuery): Promise<ActivityPage> {
  const offset = query.offset ?? 0;
  const rows = await listActivity(db, rowFilter(query), { offset, limit: ACTIVITY_PAGE_SIZE + 1 });
  const shown = rows.slice(0, ACTIVITY_PAGE_SIZE);
  const exist = await itemsThatExist(db, shown);
  const users = await listUsers(db);
  return {
    items: shown.map((row) =>
      entryOf(row, row.kind === "configuration" || exist.has(`${row.kind}:${row.item_id ?? ""}`)),
    ),
    offset,
    hasMore: rows.length > ACTIVITY_PAGE_SIZE,
    users: users.map((user) => ({ id: user.id, name: user.username })),
  };
}

const label = <T extends string>(labels: Record<T, string>, value: string): string =>
  Object.hasOwn(labels, value) ? labels[value as T] : value;

const COLUMNS: readonly [header: string, value: (row: ActivityLogRow) => string][] = [
  ["Data", (row) => spreadsheetDate(row.at)],
  ["Utilizator", (row) => row.user_name],
  ["Adresa", (row) => row.address],
  ["Actiune", (row) => label<ActivityAction>(ACTIVITY_ACTION_LABELS, row.action)],
  ["Tip", (row) => label<ActivityKind>(ACTIVITY_KIND_LABELS, row.kind)],
  ["Element", (row) => row.item_name],
  ["Rezumat", (row) => row.summary],
  ["Id element", (row) => row.item_id ?? ""],
];

/** Entries read per page of the CSV. */
const CSV_PAGE_ROWS = 1000;

async function* csvPages(db: Kysely<Database>, filter: ActivityFilter): AsyncGenerator<string[][]> {
  const read = (after: ActivityLogRow | undefined, limit: number) => activityAfter(db, rowFilter(filter), after, limit);
  for await (const rows of keysetPages(read, CSV_PAGE_ROWS, CSV_MAX_ROWS))
    yield rows.map((row) => COLUMNS.map(([, value]) => value(row)));
}

/**
 * The entries a filter matches, newest first, as the CSV file of the screen's link: read a page at a
 * time and written as the download takes it (spreadsheetCsvStream), so 100 000 entries never stall
 * the server nor sit in its memory. `failed` hears a read that failed mid-way (the download is cut).
 */
export function activityCsv(
  db: Kysely<Database>,
  filter: ActivityFilter,
  failed: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  return spreadsheetCsvStream(
    COLUMNS.map(([header]) => header),
    csvPages(db, filter),
    failed,
  );
}

/** jurnal-2026-11-28.csv (the day in Romania). */
export function activityFileName(now: Date): string {
  return `jurnal-${romanianDay(now)}.csv`;
}
