import type { DayState } from "../../common/bookings/availability.ts";
import { escapeHtml } from "../../common/text/html-escape.ts";

/**
 * The calendar's days as the product page's data carries them: a letter a day rather than a row of
 * HTML or a cell object each, so the page's serialized data stays small; the rows are written from
 * them, the same on the server and in the browser (calendarRowsHtml).
 */
export interface CalendarDays {
  /** The first day shown, 'YYYY-MM-DD'. */
  first: string;
  /** Each day's state from `first`, as its name's first letter (stateLetter). */
  states: string;
  /** The months' short names in the page's language, January first. */
  months: readonly string[];
}

const DAY_MS = 86_400_000;

/**
 * A day's state as CalendarDays writes it: the states' initials differ (f, p, b, o), and the
 * browser reads them back from the states' words the calendar carries anyway, so the page's script
 * needs no list of states of its own.
 */
export function stateLetter(state: DayState): string {
  return state[0];
}

/**
 * The table's rows, Monday to Sunday, blank before the first day and after the last: each day its
 * number in a <time> (with the month's short name on the first day shown and on each month's first)
 * and its state's words hidden on screen (the symbol is the stylesheet's, from data-state). HTML
 * written as a string: fifty-six cells rendered by React cost the uncached product render about a
 * millisecond.
 */
export function calendarRowsHtml(days: CalendarDays, words: Readonly<Record<DayState, string>>): string {
  const byLetter = new Map((Object.keys(words) as DayState[]).map((state) => [stateLetter(state), state]));
  const start = Date.parse(`${days.first}T00:00:00Z`);
  // Monday first: Sunday (0) is the seventh column.
  const lead = (new Date(start).getUTCDay() + 6) % 7;
  const cells: string[] = Array.from({ length: lead }, () => "<td></td>");
  for (let index = 0; index < days.states.length; index += 1) {
    const date = new Date(start + index * DAY_MS);
    const dayOfMonth = date.getUTCDate();
    const label =
      dayOfMonth === 1 || index === 0 ? `${dayOfMonth} ${days.months[date.getUTCMonth()]}` : String(dayOfMonth);
    const state = byLetter.get(days.states[index]) ?? "on-request";
    cells.push(
      `<td data-state="${state}"><time datetime="${date.toISOString().slice(0, 10)}">${escapeHtml(label)}</time><span class="visually-hidden"> ${escapeHtml(words[state])}</span></td>`,
    );
  }
  while (cells.length % 7 !== 0) cells.push("<td></td>");
  let rows = "";
  for (let week = 0; week < cells.length; week += 7) rows += `<tr>${cells.slice(week, week + 7).join("")}</tr>`;
  return rows;
}
