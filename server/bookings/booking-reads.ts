import type { BookingListQuery, BookingView } from "../../common/bookings/booking-schemas.ts";
import { addDays, romanianDay } from "../../common/days/romanian-day.ts";
import { MAX_RANGE_DAYS } from "../../common/bookings/booking-days.ts";
import { findBookingById, listBookings, type BookingFilter } from "../db/repositories/bookings.ts";
import type { CatalogueWriter } from "../catalogue/invalidate-pages.ts";
import { notFound } from "../core/errors.ts";
import { bookingView } from "./booking-views.ts";

type Reader = Pick<CatalogueWriter, "db">;

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
