import type { DayAvailability, DayState } from "../../../common/bookings/availability.ts";
import type { BookingState } from "../../../common/bookings/booking-states.ts";
import { formatDay } from "../ui/date-format.ts";

/** How the admin names bookings' states and a machine's days (decision 070): words, never colour alone. */

export const BOOKING_STATE_LABELS: Record<BookingState, string> = {
  tentativ: "Tentativ",
  confirmat: "Confirmat",
  anulat: "Anulat",
};

export const DAY_STATE_LABELS: Record<DayState, string> = {
  free: "liber",
  partly: "partial ocupat",
  booked: "ocupat",
  "on-request": "la cerere",
};

/** A range of days, both included: "3 dec. 2026 – 7 dec. 2026" (one day: once). */
export function formatRange(first: string, last: string): string {
  return first === last ? formatDay(first) : `${formatDay(first)} – ${formatDay(last)}`;
}

/** What a machine's days say for a booking of them: free throughout, or the days that are not. */
export function availabilitySummary(days: readonly DayAvailability[]): string {
  if (days.length > 0 && days.every((entry) => entry.state === "on-request"))
    return "La cerere: utilajul nu are unitati in flota";
  const taken = days.filter((entry) => entry.state !== "free");
  if (taken.length === 0) return "Liber in toate zilele";
  return `Ocupat partial sau complet: ${taken.map((entry) => `${formatDay(entry.day)} (${DAY_STATE_LABELS[entry.state]})`).join(", ")}`;
}
