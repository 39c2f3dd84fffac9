import { useEffect, useState } from "react";
import type { DayAvailability } from "../../../common/bookings/availability.ts";
import { addDays } from "../../../common/days/romanian-day.ts";
import { AVAILABILITY_PATH } from "../../../common/bookings/public-availability.ts";

/**
 * A machine's days as the public availability call gives them, for the quote list's warnings: its
 * next year from today, asked once per machine and page (the call is cached and rate-limited), so
 * any days the visitor chooses are checked without asking again. Null while it is on its way, when
 * the site hides availability, or when the call failed: the list then says nothing, and the request
 * goes as it would.
 */

const YEAR_DAYS = 366;

const asked = new Map<string, Promise<DayAvailability[] | null>>();

function daysOf(product: string, today: string): Promise<DayAvailability[] | null> {
  const key = `${product}|${today}`;
  let days = asked.get(key);
  if (!days) {
    const query = new URLSearchParams({ product, from: today, to: addDays(today, YEAR_DAYS - 1) });
    days = fetch(`${AVAILABILITY_PATH}?${query}`)
      .then(async (response) => (response.ok ? ((await response.json()) as { days: DayAvailability[] }).days : null))
      .catch(() => null);
    asked.set(key, days);
  }
  return days;
}

export function useMachineAvailability(product: string, today: string): DayAvailability[] | null {
  const [days, setDays] = useState<DayAvailability[] | null>(null);
  useEffect(() => {
    let current = true;
    void daysOf(product, today).then((found) => {
      if (current) setDays(found);
    });
    return () => {
      current = false;
    };
  }, [product, today]);
  return days;
}

/** The runs of booked days among `days` (consecutive days together), each as its first and last day. */
export function bookedRuns(days: readonly DayAvailability[]): { first: string; last: string }[] {
  const runs: { first: string; last: string }[] = [];
  for (const { day, state } of days) {
    if (state !== "booked") continue;
    const last = runs.at(-1);
    if (last && addDays(last.last, 1) === day) last.last = day;
    else runs.push({ first: day, last: day });
  }
  return runs;
}

/** Whether any day from `first` to `last` is booked (no unit free). */
export function bookedWithin(days: readonly DayAvailability[], first: string, last: string): boolean {
  return days.some(({ day, state }) => state === "booked" && day >= first && day <= last);
}
