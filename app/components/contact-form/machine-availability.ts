import { useEffect, useState } from "react";
import type { DayAvailability } from "../../../common/bookings/availability.ts";
import { addDays } from "../../../common/days/romanian-day.ts";
import { AVAILABILITY_PATH } from "../../../common/bookings/public-availability.ts";

/**
 * A machine's days as the public availability call gives them, for the quote list's warnings: its
 * next year from today, asked once per machine and page (the call is cached and rate-limited), and
 * the year after only when the chosen days reach into it (the list takes a start up to a year ahead
 * and up to a year of days), so any days the visitor may choose are checked. Null while it is on
 * its way, when the site hides availability, or when the call failed: the list then says nothing,
 * and the request goes as it would.
 */

/** The longest range one availability call answers. */
const WINDOW_DAYS = 366;

const asked = new Map<string, Promise<DayAvailability[] | null>>();

function daysOf(product: string, first: string): Promise<DayAvailability[] | null> {
  const key = `${product}|${first}`;
  let days = asked.get(key);
  if (!days) {
    const query = new URLSearchParams({ product, from: first, to: addDays(first, WINDOW_DAYS - 1) });
    days = fetch(`${AVAILABILITY_PATH}?${query}`)
      .then(async (response) => (response.ok ? ((await response.json()) as { days: DayAvailability[] }).days : null))
      .catch(() => null);
    asked.set(key, days);
  }
  return days;
}

/** The first days of the windows that cover today to `last` (two for the furthest the list accepts). */
function availabilityWindows(today: string, last: string | null): string[] {
  const starts = [today];
  let next = addDays(today, WINDOW_DAYS);
  while (last !== null && next <= last && starts.length < 3) {
    starts.push(next);
    next = addDays(next, WINDOW_DAYS);
  }
  return starts;
}

export function useMachineAvailability(product: string, today: string, last: string | null): DayAvailability[] | null {
  const [days, setDays] = useState<DayAvailability[] | null>(null);
  const windows = availabilityWindows(today, last).join(",");
  useEffect(() => {
    let current = true;
    void Promise.all(windows.split(",").map((first) => daysOf(product, first))).then((parts) => {
      if (current) setDays(parts.some((part) => part === null) ? null : parts.flatMap((part) => part ?? []));
    });
    return () => {
      current = false;
    };
  }, [product, windows]);
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
