import { FREE_FROM_PARAMETER, FREE_UNTIL_PARAMETER, type DayRange } from "../specifications/filter-address.ts";
import { isBookingDay, rangeProblem } from "./booking-days.ts";

/**
 * A category page's "free between" range (its address's liber-de / liber-pana, its form's two
 * days): the bookings' rules for a range of days, and from today on. Pure: the browser runs it in
 * the form, the server for the page's list.
 */

/** What is wrong with a free range as the address or the form gives it; the form says it, the list ignores the range. */
export type FreeRangeProblem = "not-a-day" | "last-before-first" | "in-the-past" | "too-long";

/** The free range of two fields (each perhaps empty: then the other's day alone), or what is wrong with it. */
export function readFreeRange(
  from: string,
  until: string,
  today: string,
): { range: DayRange | null; problem: FreeRangeProblem | null } {
  const first = from.trim() || until.trim();
  const last = until.trim() || first;
  if (first === "") return { range: null, problem: null };
  const problem: FreeRangeProblem | null =
    !isBookingDay(first) || !isBookingDay(last)
      ? "not-a-day"
      : (rangeProblem(first, last) ?? (first < today ? "in-the-past" : null));
  return problem ? { range: null, problem } : { range: { first, last }, problem: null };
}

/** The free range an address asks for (null: none, or a wrong one), `today` being the page's day. */
export function parseFreeRange(search: URLSearchParams, today: string): DayRange | null {
  return readFreeRange(search.get(FREE_FROM_PARAMETER) ?? "", search.get(FREE_UNTIL_PARAMETER) ?? "", today).range;
}
