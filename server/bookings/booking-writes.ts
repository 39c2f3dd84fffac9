import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { BookingCreateInput, BookingUpdateInput, BookingView } from "../../common/bookings/booking-schemas.ts";
import { bookingRangeError } from "../../common/bookings/booking-schemas.ts";
import { romanianDay } from "../../common/days/romanian-day.ts";
import type { ErrorCode } from "../../common/errors/error-codes.ts";
import { ValidationError, notFound } from "../core/errors.ts";
import {
  findBookingById,
  fleetsOf,
  insertBooking,
  leadExists,
  updateBooking,
  type BookingWithProduct,
} from "../db/repositories/bookings.ts";
import type { Database } from "../db/schema.ts";
import { EditConflict } from "../catalogue/edit-conflict.ts";
import { changeCatalogue } from "../catalogue/invalidate-pages.ts";
import type { CatalogueServices } from "../catalogue/services.ts";
import { bookingView } from "./booking-views.ts";
import { checkOverbooking } from "./overbooking.ts";

/**
 * The admin's booking writes (decision 070). Each runs in changeCatalogue's transaction: its first
 * statement (the catalogue version's bump) makes it the only catalogue writer on the database,
 * SQLite or PostgreSQL, one instance or several, until it commits; the fleet, the other bookings and
 * the write are read and made after that, so the overbooking rule cannot be raced; and the pages that
 * show availability are renewed in both languages when it commits.
 */

type Trx = Transaction<Database>;

const invalid = (msg: ErrorCode, path: string) => new ValidationError([{ msg, path }]);

/** The machine's fleet; a booking may not ask for more units than it has. */
async function fleetFor(trx: Trx, productId: string, units: number, productPath: string): Promise<number> {
  const fleet = (await fleetsOf(trx, [productId])).get(productId);
  if (fleet === undefined) throw invalid("UNKNOWN_BOOKING_PRODUCT", productPath);
  if (units > fleet) throw invalid("BOOKING_UNITS_OVER_FLEET", "units");
  return fleet;
}

async function stored(trx: Trx, id: string): Promise<BookingView> {
  const row = await findBookingById(trx, id);
  if (!row) throw new Error(`Booking ${id} vanished after it was written`);
  return bookingView(row);
}

/** A save based on a version another save replaced: the booking as it is now. */
function conflict(row: BookingWithProduct): EditConflict<BookingView> {
  return new EditConflict(bookingView(row), row.updated_at);
}

/** The booking as written inside a transaction the caller holds (changeCatalogue's). */
export async function insertCheckedBooking(trx: Trx, input: BookingCreateInput, now: string): Promise<BookingView> {
  const fleet = await fleetFor(trx, input.product_uuid, input.units, "product_uuid");
  if (input.lead_uuid !== null && !(await leadExists(trx, input.lead_uuid)))
    throw invalid("UNKNOWN_BOOKING_LEAD", "lead_uuid");
  const overbooked =
    input.state === "confirmat" &&
    (await checkOverbooking(
      trx,
      {
        productId: input.product_uuid,
        fleet,
        units: input.units,
        firstDay: input.first_day,
        lastDay: input.last_day,
      },
      input.confirm_overbooking === true,
    ));
  const id = randomUUID();
  await insertBooking(trx, {
    id,
    product_id: input.product_uuid,
    units: input.units,
    first_day: input.first_day,
    last_day: input.last_day,
    state: input.state,
    overbooked: overbooked ? 1 : 0,
    note: input.note,
    lead_id: input.lead_uuid,
    created_at: now,
    updated_at: now,
  });
  return stored(trx, id);
}

/** A new booking starts today or later (in Romania). */
export function checkNotPast(firstDay: string, path = "first_day"): void {
  if (firstDay < romanianDay()) throw invalid("BOOKING_IN_THE_PAST", path);
}

export async function createBooking(services: CatalogueServices, input: BookingCreateInput): Promise<BookingView> {
  checkNotPast(input.first_day);
  const now = new Date().toISOString();
  return changeCatalogue(services, (trx) => insertCheckedBooking(trx, input, now));
}

/** Fields left out keep what is stored; the rules are checked on the booking that results. */
export async function changeBooking(
  services: CatalogueServices,
  id: string,
  input: BookingUpdateInput,
): Promise<BookingView> {
  const now = new Date().toISOString();
  return changeCatalogue(services, async (trx) => {
    const row = await findBookingById(trx, id);
    if (!row) throw notFound("ERROR_UPDATE_BOOKING");
    if (input.version !== undefined && input.version !== row.version) throw conflict(row);
    const next = {
      units: input.units ?? row.units,
      first_day: input.first_day ?? row.first_day,
      last_day: input.last_day ?? row.last_day,
      state: input.state ?? row.state,
      note: input.note ?? row.note,
    };
    const rangeError = bookingRangeError(next.first_day, next.last_day);
    if (rangeError) throw invalid(rangeError, "last_day");
    const fleet = await fleetFor(trx, row.product_id, next.units, "product_uuid");
    const overbooked =
      next.state === "confirmat" &&
      (await checkOverbooking(
        trx,
        {
          id,
          productId: row.product_id,
          fleet,
          units: next.units,
          firstDay: next.first_day,
          lastDay: next.last_day,
        },
        input.confirm_overbooking === true,
      ));
    if (!(await updateBooking(trx, id, { ...next, overbooked: overbooked ? 1 : 0, updated_at: now }, input.version)))
      throw conflict(row);
    return stored(trx, id);
  });
}

/** The booking stays, as anulat: it takes no units any more. */
export async function cancelBooking(
  services: CatalogueServices,
  id: string,
  version: number | undefined,
): Promise<BookingView> {
  const now = new Date().toISOString();
  return changeCatalogue(services, async (trx) => {
    const row = await findBookingById(trx, id);
    if (!row) throw notFound("ERROR_CANCEL_BOOKING");
    if (version !== undefined && version !== row.version) throw conflict(row);
    await updateBooking(trx, id, { state: "anulat", overbooked: 0, updated_at: now }, version);
    return stored(trx, id);
  });
}
