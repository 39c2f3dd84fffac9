import { daysBetween, isFilterDay } from "../days/romanian-day.ts";

/**
 * The days of a booking or of an availability range: Romanian days ('YYYY-MM-DD', common/days/),
 * the first and the last both included, as the quote list counts a stay.
 */

/** The longest range a booking or a question about availability may span. */
export const MAX_RANGE_DAYS = 366;

/** A day a booking may name: a real day within the years every query of the project reads. */
export const isBookingDay = isFilterDay;

/** How many days from `first` to `last`, both counted (0 or less: the last is before the first). */
export function rangeLength(first: string, last: string): number {
  return daysBetween(first, last) + 1;
}

export type RangeProblem = "last-before-first" | "too-long";

/** What is wrong with a range of two valid days, if anything. */
export function rangeProblem(first: string, last: string): RangeProblem | undefined {
  const length = rangeLength(first, last);
  if (length < 1) return "last-before-first";
  return length > MAX_RANGE_DAYS ? "too-long" : undefined;
}
