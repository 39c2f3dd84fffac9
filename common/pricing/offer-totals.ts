import { WHOLE_IN_HUNDREDTHS, roundMinor } from "./money.ts";

/**
 * An offer's figures (decision 081, § An offer's totals): each line's discount off the line, rounded
 * once; the offer's discount off the lines' sum, rounded once; VAT on the rest, rounded once. The
 * server stores what this returns and every screen and document reads those figures; none adds them
 * up again.
 */

/** A line as priced: its amount (minor units, without VAT) and its discount in hundredths of a percent. */
export interface PricedLine {
  amount: number;
  discount: number;
}

export interface LineFigures {
  discountAmount: number;
  /** The line's amount less its discount. */
  total: number;
}

export interface OfferTotals {
  lines: LineFigures[];
  /** The lines' totals added up. */
  subtotal: number;
  /** The offer's own discount, off the subtotal. */
  discountAmount: number;
  /** Subtotal less the offer's discount: the base of VAT. */
  net: number;
  vatAmount: number;
  /** Net plus VAT: what the customer pays. */
  total: number;
}

/** `hundredths` of a percent of `amount`, rounded once. */
export function percentOf(amount: number, hundredths: number): number {
  return roundMinor((amount * hundredths) / WHOLE_IN_HUNDREDTHS);
}

export function lineFigures(line: PricedLine): LineFigures {
  const discountAmount = percentOf(line.amount, line.discount);
  return { discountAmount, total: line.amount - discountAmount };
}

/** The figures of lines with the offer's discount and VAT rate (both in hundredths of a percent). */
export function offerTotals(lines: readonly PricedLine[], discount: number, vatRate: number): OfferTotals {
  const figures = lines.map(lineFigures);
  const subtotal = figures.reduce((sum, line) => sum + line.total, 0);
  const discountAmount = percentOf(subtotal, discount);
  const net = subtotal - discountAmount;
  const vatAmount = percentOf(net, vatRate);
  return { lines: figures, subtotal, discountAmount, net, vatAmount, total: net + vatAmount };
}
