import type { BookingView } from "../../../common/bookings/booking-schemas.ts";
import { addDays, daysBetween } from "../../../common/days/romanian-day.ts";

/**
 * The planner's arithmetic (decision 072), apart from its screen: which bookings a window shows,
 * where each bar sits, the lanes of bookings that overlap, the days beyond a machine's fleet, and
 * the days a move or a resize gives.
 */

export const PLANNER_WEEKS = [2, 4, 8, 12] as const;

/** A bar in a machine's row: its first column (0 = the window's first day), its span, its lane. */
export interface Bar {
  booking: BookingView;
  column: number;
  span: number;
  lane: number;
}

/** The bookings of one machine that show in the window (not cancelled), as bars in lanes that never overlap. */
export function barsOf(bookings: readonly BookingView[], first: string, days: number): Bar[] {
  const last = addDays(first, days - 1);
  const shown = bookings
    .filter((booking) => booking.state !== "anulat" && booking.last_day >= first && booking.first_day <= last)
    .sort((a, b) => a.first_day.localeCompare(b.first_day) || a.uuid.localeCompare(b.uuid));
  // Each lane remembers the last day it holds; a booking takes the first lane free by then.
  const laneEnds: string[] = [];
  return shown.map((booking) => {
    let lane = laneEnds.findIndex((end) => end < booking.first_day);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = booking.last_day;
    const column = Math.max(0, daysBetween(first, booking.first_day));
    const end = Math.min(days - 1, daysBetween(first, booking.last_day));
    return { booking, column, span: end - column + 1, lane };
  });
}

/** The window's days on which the machine's confirmed units go beyond its fleet (as column indexes). */
export function overbookedColumns(
  bookings: readonly BookingView[],
  fleet: number,
  first: string,
  days: number,
): number[] {
  const confirmed = new Array<number>(days).fill(0);
  for (const booking of bookings) {
    if (booking.state !== "confirmat") continue;
    const from = Math.max(0, daysBetween(first, booking.first_day));
    const to = Math.min(days - 1, daysBetween(first, booking.last_day));
    for (let column = from; column <= to; column += 1) confirmed[column] += booking.units;
  }
  return confirmed.flatMap((units, column) => (units > fleet ? [column] : []));
}

/** The days of a booking moved by `by` days (both ends). */
export function moved(booking: Pick<BookingView, "first_day" | "last_day">, by: number) {
  return { first_day: addDays(booking.first_day, by), last_day: addDays(booking.last_day, by) };
}

/** The days of a booking whose last day moves by `by`, never before its first; undefined when it cannot. */
export function resized(booking: Pick<BookingView, "first_day" | "last_day">, by: number) {
  const last_day = addDays(booking.last_day, by);
  return last_day < booking.first_day ? undefined : { first_day: booking.first_day, last_day };
}
