import { describe, expect, it } from "vitest";
import {
  addDays,
  aYearAfter,
  daysBetween,
  firstOfMonth,
  isDay,
  mondayOf,
  romanianDay,
  startOfRomanianDay,
} from "../../common/days/romanian-day.ts";

/** Days as the company counts them, in Romania, whatever the machine's own time zone. */
describe("Romanian days", () => {
  it("names the day in Bucharest, which starts two hours before UTC in winter and three in summer", () => {
    expect(romanianDay(new Date("2026-11-25T21:59:59Z"))).toBe("2026-11-25");
    expect(romanianDay(new Date("2026-11-25T22:00:00Z"))).toBe("2026-11-26");
    expect(romanianDay(new Date("2026-07-01T20:59:59Z"))).toBe("2026-07-01");
    expect(romanianDay(new Date("2026-07-01T21:00:00Z"))).toBe("2026-07-02");
  });

  it("finds the instant a day starts, across both clock changes", () => {
    expect(startOfRomanianDay("2026-11-26").toISOString()).toBe("2026-11-25T22:00:00.000Z");
    expect(startOfRomanianDay("2026-07-02").toISOString()).toBe("2026-07-01T21:00:00.000Z");
    // Summer time starts at 03:00 on 29 March 2026 and ends at 04:00 on 25 October 2026.
    expect(startOfRomanianDay("2026-03-29").toISOString()).toBe("2026-03-28T22:00:00.000Z");
    expect(startOfRomanianDay("2026-03-30").toISOString()).toBe("2026-03-29T21:00:00.000Z");
    expect(startOfRomanianDay("2026-10-25").toISOString()).toBe("2026-10-24T21:00:00.000Z");
    expect(startOfRomanianDay("2026-10-26").toISOString()).toBe("2026-10-25T22:00:00.000Z");
  });

  it("knows real days from look-alikes", () => {
    expect(isDay("2028-02-29")).toBe(true);
    expect(isDay("2027-02-29")).toBe(false);
    expect(isDay("2026-13-01")).toBe(false);
    expect(isDay("2026-1-01")).toBe(false);
    expect(isDay("2026-11-26T00:00")).toBe(false);
  });

  it("counts days over months, years and clock changes", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
    expect(daysBetween("2026-12-05", "2026-12-01")).toBe(-4);
    expect(aYearAfter("2026-11-26")).toBe("2027-11-26");
    expect(aYearAfter("2028-02-29")).toBe("2029-03-01");
  });

  it("finds the Monday of a week", () => {
    expect(mondayOf("2026-11-26")).toBe("2026-11-23");
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(mondayOf("2026-11-29")).toBe("2026-11-23");
    expect(mondayOf("2027-01-01")).toBe("2026-12-28");
  });

  it("names the first day of a month before or after a day's, across years", () => {
    expect(firstOfMonth("2026-11-29")).toBe("2026-11-01");
    expect(firstOfMonth("2026-11-29", 1)).toBe("2026-12-01");
    expect(firstOfMonth("2026-12-31", 1)).toBe("2027-01-01");
    expect(firstOfMonth("2026-03-31", -1)).toBe("2026-02-01");
    expect(firstOfMonth("2026-11-01", -11)).toBe("2025-12-01");
    expect(firstOfMonth("2026-01-15", -13)).toBe("2024-12-01");
  });
});
