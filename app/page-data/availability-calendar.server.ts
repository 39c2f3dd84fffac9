import type { RouterContextProvider } from "react-router";
import type { DayAvailability, DayState } from "../../common/bookings/availability.ts";
import { CALENDAR_DAYS } from "../../common/bookings/public-availability.ts";
import { addDays, romanianDay } from "../../common/days/romanian-day.ts";
import type { Locale } from "../../common/language/language.ts";
import { servicesOf } from "../page-request.server.ts";
import { stateLetter, type CalendarDays } from "../lib/availability-calendar-rows.ts";

/**
 * A machine's next weeks as its product page shows them: its texts written on the server in the
 * page's language, so the page's script carries none of them, and the table reads without
 * JavaScript. Only each day's state comes from the bookings, a letter a day.
 */

/** The first and last day the product page shows from `today` (both included). */
export function calendarRange(today: string): { first: string; last: string } {
  return { first: today, last: addDays(today, CALENDAR_DAYS - 1) };
}

export interface ShownCalendar {
  title: string;
  caption: string;
  legend: string;
  /** Monday first. */
  weekdays: readonly { short: string; name: string }[];
  /** Each day's state, its rows written from it (app/lib/availability-calendar-rows.ts). */
  days: CalendarDays;
  /** Each state's words (its symbol is the stylesheet's, app/components/availability-calendar.module.css). */
  states: Readonly<Record<DayState, string>>;
}

const TEXTS = {
  ro: {
    title: "Disponibilitate",
    caption: "Disponibilitatea în următoarele 8 săptămâni: {{first}} – {{last}}",
    legend: "Legendă",
    weekdays: ["luni", "marți", "miercuri", "joi", "vineri", "sâmbătă", "duminică"],
    weekdaysShort: ["Lu", "Ma", "Mi", "Jo", "Vi", "Sâ", "Du"],
    months: [
      "ianuarie",
      "februarie",
      "martie",
      "aprilie",
      "mai",
      "iunie",
      "iulie",
      "august",
      "septembrie",
      "octombrie",
      "noiembrie",
      "decembrie",
    ],
    monthsShort: ["ian.", "feb.", "mar.", "apr.", "mai", "iun.", "iul.", "aug.", "sept.", "oct.", "nov.", "dec."],
    states: { free: "liber", partly: "parțial ocupat", booked: "ocupat", "on-request": "la cerere" },
  },
  en: {
    title: "Availability",
    caption: "Availability over the next 8 weeks: {{first}} – {{last}}",
    legend: "Key",
    weekdays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    weekdaysShort: ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"],
    months: [
      "January",
      "February",
      "March",
      "April",
      "May",
      "June",
      "July",
      "August",
      "September",
      "October",
      "November",
      "December",
    ],
    monthsShort: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
    states: { free: "free", partly: "partly booked", booked: "booked", "on-request": "on request" },
  },
} satisfies Record<Locale, unknown>;

const monthOf = (day: string) => Number(day.slice(5, 7)) - 1;
const dateOf = (day: string) => Number(day.slice(8, 10));

/** "28 noiembrie 2026" / "28 November 2026". */
function longDate(day: string, language: Locale): string {
  return `${dateOf(day)} ${TEXTS[language].months[monthOf(day)]} ${day.slice(0, 4)}`;
}

/** The calendar of `days` (consecutive, in order, as the availability read gives them) in `language`. */
export function shownCalendar(days: readonly DayAvailability[], language: Locale): ShownCalendar | null {
  const first = days[0]?.day;
  const last = days.at(-1)?.day;
  if (first === undefined || last === undefined) return null;
  const texts = TEXTS[language];
  return {
    title: texts.title,
    caption: texts.caption
      .replace("{{first}}", longDate(first, language))
      .replace("{{last}}", longDate(last, language)),
    legend: texts.legend,
    weekdays: texts.weekdays.map((name, index) => ({ name, short: texts.weekdaysShort[index] })),
    days: { first, states: days.map((day) => stateLetter(day.state)).join(""), months: texts.monthsShort },
    states: texts.states,
  };
}

/** The product page's calendar of a machine from today, or null while the site hides availability. */
export async function machineCalendar(
  context: Readonly<RouterContextProvider>,
  machine: { uuid: string; units: number },
  language: Locale,
): Promise<ShownCalendar | null> {
  const { first, last } = calendarRange(romanianDay());
  const days = await servicesOf(context).availability.ofMachine(machine, first, last);
  return days ? shownCalendar(days, language) : null;
}
