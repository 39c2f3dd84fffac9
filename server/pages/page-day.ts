import { addDays, romanianDay, startOfRomanianDay } from "../../common/days/romanian-day.ts";

let held: { day: string; until: number } | undefined;

/**
 * Today in Romania, read from the time zone's calendar once a day rather than on every request: a
 * cached page is kept per day as well (a product page's calendar starts today), and this is asked
 * for each page served from the cache.
 */
export function pageDay(now: number = Date.now()): string {
  if (held === undefined || now >= held.until || now < held.until - 90_000_000) {
    const day = romanianDay(new Date(now));
    held = { day, until: startOfRomanianDay(addDays(day, 1)).getTime() };
  }
  return held.day;
}
