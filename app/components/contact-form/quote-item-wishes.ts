import { dayCountOf, lastDayOf } from "../../../common/leads/quote-days.ts";
import { isDayCount } from "../../../common/leads/quote-limits.ts";
import { isDay } from "../../../common/days/romanian-day.ts";
import type { QuoteItemInput } from "../../../common/leads/quote-list-schema.ts";
import type { QuoteList, QuoteListItem } from "../../lib/quote-list.ts";

/**
 * How one machine's days change as the visitor edits them: the number of days and the end day say
 * the same thing once the start is known (the last day counts: start + days - 1), so changing one
 * changes the other. An end before the start is kept as typed, for the check to name it.
 */

type Wishes = Partial<Omit<QuoteListItem, "machine">>;

/** The number of days from start to end, when it is one a machine may be asked for. */
function spanOf(start: string, end: string): number | null {
  const days = dayCountOf(start, end);
  return isDayCount(days) ? days : null;
}

export function startChange(item: QuoteListItem, startDate: string | null): Wishes {
  // An end day needs a start; the number of days does not.
  if (startDate === null) return { startDate, endDate: null };
  const endDate = chosenDay(item.endDate);
  if (isDayCount(item.days)) return { startDate, endDate: lastDayOf(startDate, item.days) };
  if (endDate !== null) return { startDate, days: spanOf(startDate, endDate) };
  return { startDate };
}

export function daysChange(item: QuoteListItem, days: number | null): Wishes {
  const startDate = chosenDay(item.startDate);
  return { days, endDate: startDate !== null && isDayCount(days) ? lastDayOf(startDate, days) : null };
}

export function endChange(item: QuoteListItem, endDate: string | null): Wishes {
  const startDate = chosenDay(item.startDate);
  if (endDate === null || startDate === null) return { endDate };
  return { endDate, days: spanOf(startDate, endDate) };
}

/** A stored day that is a real day; anything else (a hand-edited storage) counts as not chosen. */
export function chosenDay(value: string | null): string | null {
  return value !== null && isDay(value) ? value : null;
}

/** The list as POST /api/contact takes it (`items`). */
export function itemsPayload(list: QuoteList): QuoteItemInput[] {
  return list.map(({ machine, startDate, days, endDate, operator, units }) => ({
    product: machine.id,
    startDate: chosenDay(startDate),
    days,
    endDate: chosenDay(endDate),
    operator,
    units,
  }));
}
