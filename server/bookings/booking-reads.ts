import type { BookingAvailability, BookingListQuery, BookingView } from "../../common/bookings/booking-schemas.ts";
import { addDays, romanianDay } from "../../common/days/romanian-day.ts";
import { MAX_RANGE_DAYS } from "../../common/bookings/booking-days.ts";
import { findBookingById, fleetsOf, listBookings, type BookingFilter } from "../db/repositories/bookings.ts";
import type { BackOfficeWriter } from "../writes/write-and-renew-pages.ts";
import { ValidationError, notFound } from "../core/errors.ts";
import { availabilityOf } from "./availability.ts";
import { bookingView } from "./booking-views.ts";

type Reader = Pick<BackOfficeWriter, "db">;

export async function bookingById(services: Reader, id: string): Promise<BookingView> {
  const row = await findBookingById(services.db, id);
  if (!row) throw notFound("ERROR_GET_BOOKING");
  return bookingView(row);
}

/** The days a list covers: as asked; `from` alone or nothing: a year; a request's bookings: all of them. */
function daysOf(query: BookingListQuery): BookingFilter["days"] {
  if (query.from === undefined && query.lead !== undefined) return undefined;
  const first = query.from ?? romanianDay();
  return { first, last: query.to ?? addDays(first, MAX_RANGE_DAYS - 1) };
}

export async function bookingList(services: Reader, query: BookingListQuery): Promise<BookingView[]> {
  const rows = await listBookings(services.db, {
    days: daysOf(query),
    productId: query.product,
    categoryId: query.category,
    leadId: query.lead,
    state: query.state,
  });
  return rows.map(bookingView);
}

/** One machine's fleet and each day's state from `from` to `to` (a range the query's rules checked). */
export async function bookingAvailability(
  services: Reader,
  productId: string,
  from: string,
  to: string,
): Promise<BookingAvailability> {
  const [days, fleets] = await Promise.all([
    availabilityOf(services, [productId], from, to),
    fleetsOf(services.db, [productId]),
  ]);
  const units = fleets.get(productId);
  const machineDays = days.get(productId);
  if (units === undefined || !machineDays)
    throw new ValidationError([{ msg: "UNKNOWN_BOOKING_PRODUCT", path: "product" }]);
  return { product_uuid: productId, units, days: machineDays };
}
