import { addDays, daysBetween } from "../days/romanian-day.ts";

/**
 * A machine's stay in days, counting the first and the last: from 1 December to 5 December is 5
 * days. One rule for the form, the API's schema and the inbox.
 */

/** The last day of a stay of `days` from `start`. */
export function lastDayOf(start: string, days: number): string {
  return addDays(start, days - 1);
}

/** How many days from `start` to `end`, both counted (0 or less: the end is before the start). */
export function dayCountOf(start: string, end: string): number {
  return daysBetween(start, end) + 1;
}

/** The last day when both the start and the number of days are known. */
export function endDateOf(startDate: string | null, days: number | null): string | null {
  return startDate !== null && days !== null ? lastDayOf(startDate, days) : null;
}
