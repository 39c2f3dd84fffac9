import { describe, expect, it } from "vitest";
import { rangeLength } from "../../common/bookings/booking-days.ts";
import { roundMinor } from "../../common/pricing/money.ts";
import { rentalPrice, type Rates } from "../../common/pricing/rental-price.ts";

// 450 lei a day, 2 500 a week (5.6 days' worth), 8 000 a month (17.8 days' worth), in bani.
const [DAY, WEEK, MONTH] = [45_000, 250_000, 800_000];
const FULL: Rates = { day: DAY, week: WEEK, month: MONTH };
const DAY_ONLY: Rates = { day: DAY };

describe("the price of a range of days (decision 081)", () => {
  it.each([
    // [what, rates, first day, last day, months, weeks, days, amount]
    ["one day", FULL, "2026-12-01", "2026-12-01", 0, 0, 1, 45_000],
    ["five days, cheaper by the day", FULL, "2026-12-01", "2026-12-05", 0, 0, 5, 225_000],
    ["six days cost more by the day than a week: a week", FULL, "2026-12-01", "2026-12-06", 0, 1, 0, 250_000],
    ["a weekend counts: Friday to Monday is four days", FULL, "2026-12-04", "2026-12-07", 0, 0, 4, 180_000],
    ["a week and a day", FULL, "2026-12-01", "2026-12-08", 0, 1, 1, 295_000],
    ["twelve days: a week and five days", FULL, "2026-12-01", "2026-12-12", 0, 1, 5, 475_000],
    ["thirteen days: two weeks, cheaper than a week and six days", FULL, "2026-12-01", "2026-12-13", 0, 2, 0, 500_000],
    ["three weeks and a day: cheaper than a month", FULL, "2026-12-01", "2026-12-22", 0, 3, 1, 795_000],
    ["three weeks and two days cost more than a month: a month", FULL, "2026-12-01", "2026-12-23", 1, 0, 0, 800_000],
    ["over a month end: 30 days are a month", FULL, "2026-12-15", "2027-01-13", 1, 0, 0, 800_000],
    ["February is no shorter month: 28 days", FULL, "2027-02-01", "2027-02-28", 1, 0, 0, 800_000],
    ["a month and two days", FULL, "2026-12-01", "2027-01-01", 1, 0, 2, 890_000],
    ["a month and a week", FULL, "2026-12-01", "2027-01-06", 1, 1, 0, 1_050_000],
    ["two months in a leap February", FULL, "2028-02-01", "2028-03-31", 2, 0, 0, 1_600_000],
    ["a whole year: twelve months and five days", FULL, "2027-01-01", "2027-12-31", 12, 0, 5, 9_825_000],
    ["without weekly or monthly rates every day is a day", DAY_ONLY, "2026-12-01", "2026-12-31", 0, 0, 31, 1_395_000],
  ])("%s", (_what, rates, first, last, months, weeks, days, amount) => {
    const price = rentalPrice(rates, rangeLength(first, last));
    expect(price.periods).toEqual({ months, weeks, days });
    expect(price.amount).toBe(amount);
  });

  it("is never above what the longer rate costs, for every length up to a year", () => {
    for (let days = 1; days <= 366; days += 1) {
      const { amount } = rentalPrice(FULL, days);
      expect(amount).toBeLessThanOrEqual(days * DAY);
      expect(amount).toBeLessThanOrEqual(Math.ceil(days / 7) * WEEK);
      expect(amount).toBeLessThanOrEqual(Math.ceil(days / 30) * MONTH);
      if (days > 1) expect(amount).toBeGreaterThanOrEqual(rentalPrice(FULL, days - 1).amount);
    }
  });

  it("charges the machine's minimum days", () => {
    const price = rentalPrice({ ...FULL, minimumDays: 3 }, 1);
    expect(price).toMatchObject({
      days: 1,
      chargedDays: 3,
      periods: { months: 0, weeks: 0, days: 3 },
      amount: 135_000,
    });
  });

  it("writes a week when it costs the same as seven days, and the days when they cost less", () => {
    expect(rentalPrice({ day: 10_000, week: 70_000 }, 7).periods).toEqual({ months: 0, weeks: 1, days: 0 });
    expect(rentalPrice({ day: 10_000, week: 70_001 }, 7).periods).toEqual({ months: 0, weeks: 0, days: 7 });
  });
});

describe("rounding, written once", () => {
  it("rounds half away from zero", () => {
    expect([roundMinor(0.5), roundMinor(1.49), roundMinor(-0.5), roundMinor(-2.5)]).toEqual([1, 1, -1, -3]);
  });
});
