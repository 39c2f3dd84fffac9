import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type {
  BookingCreateInput,
  BookingUpdateInput,
  BookingView,
  LeadBookingsInput,
  OverbookedDay,
} from "../../common/bookings/booking-schemas.ts";
import { bookingRangeError } from "../../common/bookings/booking-schemas.ts";
import { romanianDay } from "../../common/days/romanian-day.ts";
import type { ErrorCode } from "../../common/errors/error-codes.ts";
import { logActivity, type Actor } from "../activity/activity-log.ts";
import { ValidationError, notFound } from "../core/errors.ts";
import {
  findBookingById,
  fleetsOf,
  insertBooking,
  leadExists,
  updateBooking,
  type BookingWithProduct,
} from "../db/repositories/bookings.ts";
import type { Dialect } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { EditConflict } from "../writes/edit-conflict.ts";
import { writeAndRenewPages } from "../writes/write-and-renew-pages.ts";
import type { BookingServices } from "./services.ts";
import { bookingView } from "./booking-views.ts";
import { OverbookingRefused, checkOverbooking, clearResolvedOverbookings, overbookedDays } from "./overbooking.ts";

/**
 * The admin's booking writes (decision 070). Each runs in writeAndRenewPages's transaction: its first
 * statement (the catalogue version's bump) makes it the only catalogue writer on the database,
 * SQLite or PostgreSQL, one instance or several, until it commits; the fleet, the other bookings and
 * the write are read and made after that, so the overbooking rule cannot be raced; and the pages that
 * show availability are renewed in both languages when it commits.
 */

type Trx = Transaction<Database>;

const invalid = (msg: ErrorCode, path: string) => new ValidationError([{ msg, path }]);

/** The machine's fleet; a booking may not ask for more units than it has. */
async function fleetFor(
  trx: Trx,
  productId: string,
  units: number,
  productPath: string,
  unitsPath: string,
): Promise<number> {
  const fleet = (await fleetsOf(trx, [productId])).get(productId);
  if (fleet === undefined) throw invalid("UNKNOWN_BOOKING_PRODUCT", productPath);
  if (units > fleet) throw invalid("BOOKING_UNITS_OVER_FLEET", unitsPath);
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

/** A new booking as the writes take it: the create call's, or one machine of a request's. */
type NewBookingInput = Pick<
  BookingCreateInput,
  "product_uuid" | "units" | "first_day" | "last_day" | "state" | "note"
> & {
  lead_uuid: string | null;
};

/**
 * Inserts the booking inside the caller's transaction (writeAndRenewPages's), `at` prefixing the paths
 * of its field errors. A confirmation beyond the fleet is stored marked overbooked, and its days
 * returned: the caller refuses them (its throw rolls the row back) unless they were confirmed knowingly.
 */
async function insertChecked(
  trx: Trx,
  input: NewBookingInput,
  options: { now: string; at?: string },
): Promise<{ id: string; conflicts: OverbookedDay[] }> {
  const at = options.at ?? "";
  const fleet = await fleetFor(trx, input.product_uuid, input.units, `${at}product_uuid`, `${at}units`);
  const conflicts =
    input.state === "confirmat"
      ? await overbookedDays(trx, {
          productId: input.product_uuid,
          fleet,
          units: input.units,
          firstDay: input.first_day,
          lastDay: input.last_day,
        })
      : [];
  const id = randomUUID();
  // Stored even when refused (the caller throws, which rolls it back): a request's next machine of the
  // same model then counts it, so the refusal lists every day a confirmation would overbook.
  await insertBooking(trx, {
    id,
    product_id: input.product_uuid,
    units: input.units,
    first_day: input.first_day,
    last_day: input.last_day,
    state: input.state,
    overbooked: conflicts.length > 0 ? 1 : 0,
    note: input.note,
    lead_id: input.lead_uuid,
    created_at: options.now,
    updated_at: options.now,
  });
  return { id, conflicts };
}

/** The request a booking names exists, and stays until the booking is written (leadExists holds it). */
async function checkLead(
  trx: Trx,
  dialect: Dialect,
  leadId: string | null,
  path: string,
  missing: () => Error = () => invalid("UNKNOWN_BOOKING_LEAD", path),
): Promise<void> {
  if (leadId !== null && !(await leadExists(trx, dialect, leadId))) throw missing();
}

/** The log's line of a booking: its machine, units and days (never its note: the customer may be in it). */
async function logBooking(
  trx: Trx,
  actor: Actor,
  action: "create" | "update" | "cancel",
  booking: BookingView,
  summary: string,
): Promise<void> {
  await logActivity(trx, actor, {
    action,
    kind: "booking",
    itemId: booking.uuid,
    itemName: `${booking.product_model} x${booking.units}, ${booking.first_day} – ${booking.last_day}`,
    summary,
  });
}

function stateSummary(booking: BookingView, what: string): string {
  const overbooked = booking.overbooked ? ", peste flota (confirmat constient)" : "";
  return `Rezervare ${booking.state === "confirmat" ? "confirmata" : "tentativa"} ${what}${overbooked}`;
}

/** What a change did, in words: the fields that differ, never the note's text. */
function changeSummary(before: BookingWithProduct, after: BookingView): string {
  const changed = [
    before.first_day !== after.first_day || before.last_day !== after.last_day ? "zilele" : "",
    before.units !== after.units ? "unitatile" : "",
    before.state !== after.state ? `starea (${after.state})` : "",
    before.note !== after.note ? "nota" : "",
  ].filter(Boolean);
  return changed.length > 0 ? `Modificat: ${changed.join(", ")}` : "Salvata fara modificari";
}

/** A new booking starts today or later (in Romania). */
export function checkNotPast(firstDay: string, path = "first_day"): void {
  if (firstDay < romanianDay()) throw invalid("BOOKING_IN_THE_PAST", path);
}

export async function createBooking(
  services: BookingServices,
  actor: Actor,
  input: BookingCreateInput,
): Promise<BookingView> {
  checkNotPast(input.first_day);
  const now = new Date().toISOString();
  return writeAndRenewPages(services, async (trx) => {
    await checkLead(trx, services.dialect, input.lead_uuid, "lead_uuid");
    const { id, conflicts } = await insertChecked(trx, input, { now });
    if (conflicts.length > 0 && input.confirm_overbooking !== true) throw new OverbookingRefused(conflicts);
    const booking = await stored(trx, id);
    await logBooking(trx, actor, "create", booking, stateSummary(booking, "adaugata"));
    return booking;
  });
}

/**
 * A request's machines booked in one step (one transaction: all or none), each linked to the
 * request. A confirmation beyond the fleet is refused with the days of every machine it concerns;
 * a machine asked twice counts its first booking against its second.
 */
export async function createLeadBookings(
  services: BookingServices,
  actor: Actor,
  leadId: string,
  input: LeadBookingsInput,
): Promise<BookingView[]> {
  input.items.forEach((item, index) => checkNotPast(item.first_day, `items.${index}.first_day`));
  const now = new Date().toISOString();
  const confirm = input.confirm_overbooking === true;
  return writeAndRenewPages(services, async (trx) => {
    await checkLead(trx, services.dialect, leadId, "", () => notFound("ERROR_BOOK_CONTACT_REQUEST"));
    const ids: string[] = [];
    const conflicts: OverbookedDay[] = [];
    for (const [index, item] of input.items.entries()) {
      const booking = { ...item, state: input.state, note: "", lead_uuid: leadId };
      const written = await insertChecked(trx, booking, { now, at: `items.${index}.` });
      ids.push(written.id);
      conflicts.push(...written.conflicts);
    }
    if (conflicts.length > 0 && !confirm) throw new OverbookingRefused(conflicts);
    const bookings: BookingView[] = [];
    for (const id of ids) {
      const booking = await stored(trx, id);
      await logBooking(trx, actor, "create", booking, stateSummary(booking, "adaugata din cererea de oferta"));
      bookings.push(booking);
    }
    return bookings;
  });
}

/** Fields left out keep what is stored; the rules are checked on the booking that results. */
export async function changeBooking(
  services: BookingServices,
  actor: Actor,
  id: string,
  input: BookingUpdateInput,
): Promise<BookingView> {
  const now = new Date().toISOString();
  return writeAndRenewPages(services, async (trx) => {
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
    // An ongoing booking keeps its first day; a booking is never moved to start in the past.
    if (next.first_day !== row.first_day) checkNotPast(next.first_day);
    const fleet = await fleetFor(trx, row.product_id, next.units, "product_uuid", "units");
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
    await clearResolvedOverbookings(trx, row.product_id, fleet);
    const booking = await stored(trx, id);
    await logBooking(trx, actor, "update", booking, changeSummary(row, booking));
    return booking;
  });
}

/**
 * The booking stays, as anulat: it takes no units any more. Cancelling a cancelled booking (a double
 * click, a second tab) changes nothing: no new version, no log entry, no page renewed.
 */
export async function cancelBooking(
  services: BookingServices,
  actor: Actor,
  id: string,
  version: number | undefined,
): Promise<BookingView> {
  const now = new Date().toISOString();
  const current = await findBookingById(services.db, id);
  if (current?.state === "anulat") return bookingView(current);
  return writeAndRenewPages(services, async (trx) => {
    const row = await findBookingById(trx, id);
    if (!row) throw notFound("ERROR_CANCEL_BOOKING");
    if (version !== undefined && version !== row.version) throw conflict(row);
    await updateBooking(trx, id, { state: "anulat", overbooked: 0, updated_at: now }, version);
    const fleet = (await fleetsOf(trx, [row.product_id])).get(row.product_id) ?? 0;
    await clearResolvedOverbookings(trx, row.product_id, fleet);
    const booking = await stored(trx, id);
    await logBooking(trx, actor, "cancel", booking, "Rezervare anulata");
    return booking;
  });
}
