import { roundMinor } from "./money.ts";

/**
 * The one pricing rule (decision 081): what renting a machine for a number of days costs, from its rates.
 * Days are calendar days, the first and the last both counted, weekends and holidays included (a machine on
 * a site is rented on Sunday too); a week is 7 such days and a month 30, whatever the calendar's month, so
 * that a range costs the same in February as in July. The price is the cheapest way to cover the days with
 * months, weeks and days: a stretch that would cost more by the day than a week (or a month) is charged as
 * the longer period, even though it covers days the customer does not take.
 */

/** A machine's rates in minor units without VAT; `week` and `month` are optional, `day` is the one needed. */
export interface Rates {
  day: number;
  week?: number | null;
  month?: number | null;
  /** Fewer days than this are charged as this many (at least 1). */
  minimumDays?: number | null;
}

export const WEEK_DAYS = 7;
export const MONTH_DAYS = 30;

/** How the days were covered: the line of an offer shows it ("1 lună + 2 săptămâni + 3 zile"). */
export interface Periods {
  months: number;
  weeks: number;
  days: number;
}

export interface RentalPrice {
  /** The days the customer asked for. */
  days: number;
  /** The days charged: `days`, or the machine's minimum when it is more. */
  chargedDays: number;
  periods: Periods;
  /** Minor units, without VAT. */
  amount: number;
}

function costOf(periods: Periods, rates: Rates): number {
  return periods.months * (rates.month ?? 0) + periods.weeks * (rates.week ?? 0) + periods.days * rates.day;
}

const coveredBy = (periods: Periods) => periods.months * MONTH_DAYS + periods.weeks * WEEK_DAYS + periods.days;

/**
 * Of two coverings that cost the same, the one covering fewer days beyond those asked, then the one with
 * fewer periods, is kept: seven days at the price of a week read "1 săptămână".
 */
function better(candidate: Periods, best: Periods | undefined, rates: Rates): boolean {
  if (!best) return true;
  const [cost, bestCost] = [costOf(candidate, rates), costOf(best, rates)];
  if (cost !== bestCost) return cost < bestCost;
  const [covered, bestCovered] = [coveredBy(candidate), coveredBy(best)];
  if (covered !== bestCovered) return covered < bestCovered;
  const count = candidate.months + candidate.weeks + candidate.days;
  return count < best.months + best.weeks + best.days;
}

/** The price of renting for `days` (a whole number, at least 1) at `rates`. */
export function rentalPrice(rates: Rates, days: number): RentalPrice {
  const chargedDays = Math.max(days, rates.minimumDays ?? 1, 1);
  const monthChoices = rates.month ? Math.ceil(chargedDays / MONTH_DAYS) : 0;
  let best: Periods | undefined;
  for (let months = 0; months <= monthChoices; months += 1) {
    const left = Math.max(0, chargedDays - months * MONTH_DAYS);
    const weekChoices = rates.week ? Math.ceil(left / WEEK_DAYS) : 0;
    for (let weeks = 0; weeks <= weekChoices; weeks += 1) {
      const candidate = { months, weeks, days: Math.max(0, left - weeks * WEEK_DAYS) };
      if (better(candidate, best, rates)) best = candidate;
    }
  }
  const periods = best ?? { months: 0, weeks: 0, days: chargedDays };
  return { days, chargedDays, periods, amount: roundMinor(costOf(periods, rates)) };
}
