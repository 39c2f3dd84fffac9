import { shareOf } from "./money.ts";

/**
 * An offer's totals from its lines (decision 081): each line's discount is taken off the line, rounded once;
 * the whole offer's discount off the lines' sum, rounded once; VAT on what is left, rounded once. The page,
 * the offer's screen and its PDF read these figures, never add them up again.
 */

export interface PricedLine {
  /** The line's amount before its discount, in minor units without VAT. */
  amount: number;
  /** Hundredths of a percent taken off the line (0–10 000). */
  discount: number;
}

export interface LineTotal {
  amount: number;
  discountAmount: number;
  net: number;
}

export interface OfferTotals {
  lines: LineTotal[];
  /** The lines' nets added up. */
  subtotal: number;
  /** The whole offer's discount, in minor units. */
  discountAmount: number;
  /** Without VAT, after every discount. */
  net: number;
  vatAmount: number;
  /** With VAT: what the customer pays. */
  total: number;
}

export function offerTotals(lines: readonly PricedLine[], discount: number, vatRate: number): OfferTotals {
  const lineTotals = lines.map((line) => {
    const discountAmount = shareOf(line.amount, line.discount);
    return { amount: line.amount, discountAmount, net: line.amount - discountAmount };
  });
  const subtotal = lineTotals.reduce((sum, line) => sum + line.net, 0);
  const discountAmount = shareOf(subtotal, discount);
  const net = subtotal - discountAmount;
  const vatAmount = shareOf(net, vatRate);
  return { lines: lineTotals, subtotal, discountAmount, net, vatAmount, total: net + vatAmount };
}
