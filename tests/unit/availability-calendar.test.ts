import { describe, expect, it } from "vitest";
import { calendarRange, shownCalendar, type ShownCalendar } from "../../app/page-data/availability-calendar.server.ts";
import { calendarRowsHtml } from "../../app/lib/availability-calendar-rows.ts";
import { DAY_STATES, type DayAvailability, type DayState } from "../../common/bookings/availability.ts";
import { addDays, daysBetween } from "../../common/days/romanian-day.ts";

/** The days of a range, each with the state `stateOf` gives it. */
function days(first: string, last: string, stateOf: (day: string) => DayState = () => "free") {
  const all: DayAvailability[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) all.push({ day, state: stateOf(day) });
  return all;
}

/** The calendar's weeks as its rows show them: each cell its day, label and state, or null when blank. */
function weeksOf(calendar: ShownCalendar | null) {
  if (!calendar) throw new Error("no calendar");
  const rows = calendarRowsHtml(calendar.days, calendar.states).match(/<tr>.*?<\/tr>/g) ?? [];
  return rows.map((row) =>
    [...row.matchAll(/<td(?: data-state="([^"]+)")?>(?:<time datetime="([^"]+)">([^<]+)<\/time>)?/g)].map(
      ([, state, day, label]) => (day === undefined ? null : { day, label, state }),
    ),
  );
}

/** The product page's calendar as its server writes it, from a machine's day states. */
describe("the availability calendar", () => {
  it("covers eight weeks from today, in weeks from Monday to Sunday, blank before today and after the last day", () => {
    // Saturday 28 November 2026.
    const range = calendarRange("2026-11-28");
    expect(range).toEqual({ first: "2026-11-28", last: "2027-01-22" });
    const weeks = weeksOf(shownCalendar(days(range.first, range.last), "ro"));
    expect(weeks).toHaveLength(9);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks[0].map((cell) => cell?.day ?? null)).toEqual([
      null,
      null,
      null,
      null,
      null,
      "2026-11-28",
      "2026-11-29",
    ]);
    // Friday 22 January 2027, then Saturday and Sunday blank.
    expect(weeks[8].map((cell) => cell?.label ?? null)).toEqual(["18", "19", "20", "21", "22", null, null]);
  });

  it("names the month on the first day shown and on each month's first, in the page's language", () => {
    const ro = shownCalendar(days("2026-11-28", "2027-01-22"), "ro");
    const en = shownCalendar(days("2026-11-28", "2027-01-22"), "en");
    const labels = (language: "ro" | "en") =>
      weeksOf(shownCalendar(days("2026-11-28", "2027-01-22"), language))
        .flat()
        .flatMap((cell) => (cell && cell.label.includes(" ") ? [cell.label] : []));
    expect(labels("ro")).toEqual(["28 nov.", "1 dec.", "1 ian."]);
    expect(labels("en")).toEqual(["28 Nov", "1 Dec", "1 Jan"]);
    expect(ro?.caption).toBe("Disponibilitatea în următoarele 8 săptămâni: 28 noiembrie 2026 – 22 ianuarie 2027");
    expect(en?.caption).toBe("Availability over the next 8 weeks: 28 November 2026 – 22 January 2027");
    expect(ro?.weekdays[0]).toEqual({ short: "Lu", name: "luni" });
    expect(en?.weekdays[6]).toEqual({ short: "Su", name: "Sunday" });
  });

  it("gives every state words of its own, so that colour never tells it alone", () => {
    const booked = new Set(["2026-12-01", "2026-12-02"]);
    const week = days("2026-11-30", "2027-01-24", (day) =>
      booked.has(day) ? "booked" : day === "2026-12-03" ? "partly" : "free",
    );
    const calendar = shownCalendar(week, "en");
    expect(weeksOf(calendar)[0]?.map((cell) => cell?.state)).toEqual([
      "free",
      "booked",
      "booked",
      "partly",
      "free",
      "free",
      "free",
    ]);
    expect(calendar?.states).toEqual({
      free: "free",
      partly: "partly booked",
      booked: "booked",
      "on-request": "on request",
    });
    expect(shownCalendar(days("2026-11-30", "2027-01-24"), "ro")?.states["on-request"]).toBe("la cerere");
    // Each day's words in its row, beside its number; the symbol is drawn from data-state.
    expect(calendar && calendarRowsHtml(calendar.days, calendar.states)).toContain(
      '<td data-state="booked"><time datetime="2026-12-01">1 Dec</time><span class="visually-hidden"> booked</span></td>',
    );
  });

  it("brings every state back from the one letter a day the page's data carries", () => {
    const cycle = DAY_STATES;
    const calendar = shownCalendar(
      days("2026-11-30", "2027-01-24", (day) => cycle[daysBetween("2026-11-30", day) % cycle.length]),
      "ro",
    );
    expect(calendar?.days.states.slice(0, 4)).toBe("fpbo");
    expect(weeksOf(calendar)[0]?.map((cell) => cell?.state)).toEqual([...cycle, ...cycle.slice(0, 3)]);
  });

  it("shows nothing for no days", () => {
    expect(shownCalendar([], "ro")).toBeNull();
  });
});
