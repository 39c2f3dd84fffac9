/**
 * Calendar days as the company counts them: in Romania (Europe/Bucharest), whatever the clock of the
 * server or the visitor's browser. A day is written 'YYYY-MM-DD'; its arithmetic is done on UTC
 * midnights, where every day has 24 hours.
 */

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const ROMANIA = "Europe/Bucharest";

let romanianCalendar: Intl.DateTimeFormat | undefined;

/** The formatter is made on first use: ICU's time-zone data is loaded then (decision 50). */
function calendar(): Intl.DateTimeFormat {
  romanianCalendar ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: ROMANIA,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  return romanianCalendar;
}

function partsOf(instant: Date): Record<"year" | "month" | "day" | "hour" | "minute" | "second", number> {
  const parts = Object.fromEntries(
    calendar()
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

function dayOfUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A 'YYYY-MM-DD' that names a real day (not 2026-02-30), as its UTC midnight; undefined otherwise. */
function utcMidnight(day: string): number | undefined {
  if (!DAY_PATTERN.test(day)) return undefined;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || dayOfUtc(ms) !== day ? undefined : ms;
}

export function isDay(value: string): boolean {
  return utcMidnight(value) !== undefined;
}

/**
 * The days a filter may name (the inbox's received and wished days): far beyond any request the
 * company will see, and far from the years 0000 and 9999, where a day moved by a year or a time zone
 * leaves the four-digit form that this arithmetic and both databases read.
 */
export const FILTER_DAYS = { first: "2000-01-01", last: "2999-12-31" } as const;

export function isFilterDay(value: string): boolean {
  return isDay(value) && value >= FILTER_DAYS.first && value <= FILTER_DAYS.last;
}

/** The UTC midnight of a day the caller knows is one (checked with isDay, or made here). */
function midnightOf(day: string): number {
  const ms = utcMidnight(day);
  if (ms === undefined) throw new RangeError(`Not a day: ${day}`);
  return ms;
}

/** The day in Romania at `instant`. */
export function romanianDay(instant: Date = new Date()): string {
  const { year, month, day } = partsOf(instant);
  return dayOfUtc(Date.UTC(year, month - 1, day));
}

/** `day` moved by `days` (negative: back). */
export function addDays(day: string, days: number): string {
  return dayOfUtc(midnightOf(day) + days * DAY_MS);
}

/** `count` consecutive days from `first` (a page's calendar reads 56 of them: one parse, not one per day). */
export function daysFrom(first: string, count: number): string[] {
  const start = midnightOf(first);
  return Array.from({ length: Math.max(0, count) }, (_, index) => dayOfUtc(start + index * DAY_MS));
}

/** Whole days from `from` to `to` (negative when `to` is before). */
export function daysBetween(from: string, to: string): number {
  return Math.round((midnightOf(to) - midnightOf(from)) / DAY_MS);
}

/** The same date a year later (29 February: 1 March). */
export function aYearAfter(day: string): string {
  const date = new Date(midnightOf(day));
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return dayOfUtc(date.getTime());
}

/** The Monday of the week `day` is in. */
export function mondayOf(day: string): string {
  const weekday = new Date(midnightOf(day)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The instant a Romanian day starts (00:00 in Bucharest, +02:00 or +03:00). */
export function startOfRomanianDay(day: string): Date {
  const midnight = midnightOf(day);
  // Bucharest's offset at that moment, read from how its clock shows it; twice, as DST may move it.
  let guess = midnight;
  for (let pass = 0; pass < 2; pass += 1) {
    const shown = partsOf(new Date(guess));
    const offset = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute, shown.second) - guess;
    guess = midnight - offset;
  }
  return new Date(guess);
}

/** The first day of the month `months` after the month of `day` (negative: before): "2026-11-01". */
export function firstOfMonth(day: string, months = 0): string {
  const [year = 0, month = 1] = day.split("-").map(Number);
  return dayOfUtc(Date.UTC(year, month - 1 + months, 1));
}
