import type { ProductPrices } from "./machine-prices.ts";
import { roundMinor } from "./money.ts";
import { rentalPrice } from "./rental-price.ts";

/**
 * The quote list's estimate (decision 093): what a line of the visitor's list would cost, without VAT,
 * by the one pricing rule (decision 081), and the list's total. Only machines whose rates the site
 * shows are estimated; a deposit is never added.
 */

/** A line of the quote list as the estimate reads it. */
export interface EstimatedItem {
  /** The days asked for; null while not chosen. */
  days: number | null;
  /** Machines of this model; null while not chosen (one is sent). */
  units: number | null;
  operator: boolean;
}

/**
 * Why a line has no amount: its days are not chosen yet, its units are not a count, or the machine's price
 * is on request (or not shown).
 */
export type LineEstimate = { amount: number; chargedDays: number } | { missing: "days" | "units" | "price" };

/**
 * One line: the machine's price for its days by the rule and the operator's day rate for the days asked
 * when an operator comes with it (one per unit), times its units (none chosen: one, as the request sends).
 */
export function estimateLine(prices: ProductPrices | undefined, item: EstimatedItem): LineEstimate {
  if (!prices || prices.on_request || prices.day === null) return { missing: "price" };
  if (item.days === null || !Number.isInteger(item.days) || item.days < 1) return { missing: "days" };
  const units = item.units ?? 1;
  if (!Number.isInteger(units) || units < 1) return { missing: "units" };
  const rental = rentalPrice(
    { day: prices.day, week: prices.week, month: prices.month, minimumDays: prices.minimum_days },
    item.days,
  );
  const operator = item.operator && prices.operator_day !== null ? prices.operator_day * item.days : 0;
  return { amount: roundMinor((rental.amount + operator) * units), chargedDays: rental.chargedDays };
}

/** The list's total of the lines that have an amount; null when none has. */
export function estimateTotal(lines: readonly LineEstimate[]): number | null {
  let total = 0;
  let any = false;
  for (const line of lines) {
    if ("amount" in line) {
      total += line.amount;
      any = true;
    }
  }
  return any ? total : null;
}
