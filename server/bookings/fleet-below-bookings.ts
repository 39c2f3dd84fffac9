import type { Kysely } from "kysely";
import { daysOfRange, unitsTakenPerDay } from "../../common/bookings/availability.ts";
import type { OverbookedDay } from "../../common/bookings/booking-schemas.ts";
import { romanianDay } from "../../common/days/romanian-day.ts";
import type { ErrorBody, ErrorCode } from "../../common/errors/error-codes.ts";
import { HttpError } from "../core/errors.ts";
import { setOverbooked, takingBookings } from "../db/repositories/bookings.ts";
import type { Database } from "../db/schema.ts";

/** A 409 that names the days a machine's confirmed bookings go beyond its fleet (decision 070). */
export class DaysBeyondFleet extends HttpError {
  readonly conflicts: OverbookedDay[];
  constructor(code: ErrorCode, conflicts: OverbookedDay[]) {
    super(409, code);
    this.conflicts = conflicts;
  }

  override body(): ErrorBody & { error: { conflicts: OverbookedDay[] } } {
    const { error } = super.body();
    return { error: { ...error, conflicts: this.conflicts } };
  }
}

/** The last day any booking may reach: far enough to hold every stored one. */
const LAST_DAY = "9999-12-31";

/** The days from today its confirmed bookings take more than `fleet` units of a machine, and those bookings. */
async function daysBeyond(db: Kysely<Database>, productId: string, fleet: number) {
  const today = romanianDay();
  const bookings = await takingBookings(db, [productId], today, LAST_DAY, ["confirmat"]);
  const last = bookings.reduce((latest, booking) => (booking.last_day > latest ? booking.last_day : latest), today);
  const days = daysOfRange(today, last);
  const taken = unitsTakenPerDay(bookings, today, days.length);
  const conflicts = days.flatMap((day, index) =>
    taken[index] > fleet ? [{ product_uuid: productId, day, fleet, confirmed: taken[index] }] : [],
  );
  return { conflicts, bookings };
}

/** Whether a machine's fleet lowered to `fleet` would go below its confirmed bookings (the import's dry run asks). */
export async function fleetBelowBookings(db: Kysely<Database>, productId: string, fleet: number): Promise<boolean> {
  return (await daysBeyond(db, productId, fleet)).conflicts.length > 0;
}

/**
 * A machine's fleet lowered (the product form, the import) below what its confirmed bookings take on
 * some day from today: refused with 409 PRODUCT_UNITS_BELOW_BOOKINGS and those days, unless
 * `confirm` (then the bookings on those days are marked overbooked, as a knowing confirmation is).
 * Called inside writeAndRenewPages's transaction, after its first statement made it the only writer, so
 * no booking confirmed meanwhile escapes the count.
 */
export async function checkFleetAgainstBookings(
  trx: Kysely<Database>,
  productId: string,
  fleet: number,
  confirm: boolean,
): Promise<void> {
  const { conflicts, bookings } = await daysBeyond(trx, productId, fleet);
  if (conflicts.length === 0) return;
  if (!confirm) throw new DaysBeyondFleet("PRODUCT_UNITS_BELOW_BOOKINGS", conflicts);
  const conflictDays = new Set(conflicts.map((conflict) => conflict.day));
  await setOverbooked(
    trx,
    bookings
      .filter((booking) => daysOfRange(booking.first_day, booking.last_day).some((day) => conflictDays.has(day)))
      .map((booking) => booking.id),
    true,
  );
}
