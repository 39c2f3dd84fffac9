import type { Kysely } from "kysely";
import { TAKING_STATES, type BookingState } from "../../../common/bookings/booking-states.ts";
import type { BookingRow, Database, NewBooking } from "../schema.ts";
import type { Dialect } from "../database.ts";

/** A booking with its machine's model and category, as the admin reads it. */
export type BookingWithProduct = BookingRow & { product_model: string; category_id: string | null };

function bookingsWithProduct(db: Kysely<Database>) {
  return db
    .selectFrom("bookings")
    .innerJoin("products", "products.id", "bookings.product_id")
    .selectAll("bookings")
    .select(["products.model as product_model", "products.category_id as category_id"]);
}

export function findBookingById(db: Kysely<Database>, id: string): Promise<BookingWithProduct | undefined> {
  return bookingsWithProduct(db).where("bookings.id", "=", id).executeTakeFirst();
}

export interface BookingFilter {
  /** Bookings with a day in this range (both included). */
  days?: { first: string; last: string };
  productId?: string;
  categoryId?: string;
  leadId?: string;
  state?: BookingState;
}

export function listBookings(db: Kysely<Database>, filter: BookingFilter): Promise<BookingWithProduct[]> {
  let query = bookingsWithProduct(db);
  if (filter.days) {
    query = query
      .where("bookings.last_day", ">=", filter.days.first)
      .where("bookings.first_day", "<=", filter.days.last);
  }
  if (filter.productId) query = query.where("bookings.product_id", "=", filter.productId);
  if (filter.categoryId) query = query.where("products.category_id", "=", filter.categoryId);
  if (filter.leadId) query = query.where("bookings.lead_id", "=", filter.leadId);
  if (filter.state) query = query.where("bookings.state", "=", filter.state);
  return query.orderBy("bookings.first_day").orderBy("products.model").orderBy("bookings.id").execute();
}

/** The columns a count of units needs of the bookings that take units. */
const TAKING_COLUMNS = ["id", "product_id", "units", "first_day", "last_day", "state"] as const;
export type TakingBooking = Pick<BookingRow, (typeof TAKING_COLUMNS)[number]>;

/**
 * The bookings of these machines that take units (not cancelled) on a day from `first` to `last`, in
 * one query whatever the number of machines (bookings_product_last_day_idx holds every column read).
 */
export function takingBookings(
  db: Kysely<Database>,
  productIds: readonly string[],
  first: string,
  last: string,
  states: readonly BookingState[] = TAKING_STATES,
): Promise<TakingBooking[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("bookings")
    .select(TAKING_COLUMNS)
    .where("product_id", "in", [...productIds])
    .where("last_day", ">=", first)
    .where("first_day", "<=", last)
    .where("state", "in", [...states])
    .execute();
}

/** The fleet of each of these machines that exists. */
export async function fleetsOf(db: Kysely<Database>, productIds: readonly string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("products")
    .select(["id", "units"])
    .where("id", "in", [...productIds])
    .execute();
  return new Map(rows.map((row) => [row.id, row.units]));
}

export async function insertBooking(db: Kysely<Database>, row: NewBooking): Promise<void> {
  await db.insertInto("bookings").values(row).execute();
}

/** A machine's confirmed bookings marked overbooked (a handful: each was confirmed knowingly). */
export function overbookedBookingsOf(db: Kysely<Database>, productId: string): Promise<TakingBooking[]> {
  return db
    .selectFrom("bookings")
    .select(TAKING_COLUMNS)
    .where("product_id", "=", productId)
    .where("state", "=", "confirmat")
    .where("overbooked", "=", 1)
    .execute();
}

/**
 * Sets or takes off the overbooked mark of these bookings: a flag the rule keeps, not an edit (no new
 * version). Set by a fleet lowered knowingly under them, taken off once they fit again.
 */
export async function setOverbooked(db: Kysely<Database>, ids: readonly string[], overbooked: boolean): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("bookings")
    .set({ overbooked: overbooked ? 1 : 0 })
    .where("id", "in", [...ids])
    .execute();
}

/** Every booking of a machine, cancelled ones too: what the trash keeps of it. */
export function bookingsOfProduct(db: Kysely<Database>, productId: string): Promise<BookingRow[]> {
  return db.selectFrom("bookings").selectAll().where("product_id", "=", productId).orderBy("id").execute();
}

export type BookingChanges = Partial<
  Pick<BookingRow, "units" | "first_day" | "last_day" | "state" | "note" | "overbooked">
> & { updated_at: string };

/**
 * The booking's changes and its next version. With `version`, only while the row still has it (the
 * check and the write in one statement, decision 068): false when it moved on, or is gone.
 */
export async function updateBooking(
  db: Kysely<Database>,
  id: string,
  changes: BookingChanges,
  version?: number,
): Promise<boolean> {
  let query = db
    .updateTable("bookings")
    .set((eb) => ({ ...changes, version: eb("version", "+", 1) }))
    .where("id", "=", id);
  if (version !== undefined) query = query.where("version", "=", version);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Whether a contact request of this id is kept. */
/**
 * Whether the request exists, for a booking about to name it. On PostgreSQL its row is also held
 * (FOR KEY SHARE) until the caller's transaction ends: an erasure waits for the booking, then unlinks
 * it; one that came first is waited for and the request is gone. Without the hold the booking's
 * foreign key met a request erased between this read and its insert (a 500). SQLite has one writer
 * at a time, so the read alone is enough there.
 */
export async function leadExists(db: Kysely<Database>, dialect: Dialect, id: string): Promise<boolean> {
  const query = db.selectFrom("contact_requests").select("id").where("id", "=", id);
  const row = await (dialect === "postgres" ? query.forKeyShare() : query).executeTakeFirst();
  return row !== undefined;
}
