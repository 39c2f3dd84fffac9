/**
 * Money as the company writes it: whole minor units (bani, cents) in integers, never floats, one currency
 * per site, amounts without VAT. Every amount a price or an offer computes goes through `roundMinor` once,
 * so the page, the quote list, the offer and its PDF round the same way.
 */

export const CURRENCIES = ["RON", "EUR"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The largest amount a rate, a line or a total may hold, in minor units (10 000 000 lei or euros). */
export const MAX_AMOUNT = 1_000_000_000;

/** A percentage (a discount, the VAT rate) is kept in hundredths of a percent: 21 % is 2100, 9.5 % is 950. */
export const PERCENT = 100;
export const WHOLE_IN_HUNDREDTHS = 100 * PERCENT;

/** Half away from zero: 0.5 ban is a whole ban, −0.5 (a discount's share) a whole ban off. */
export function roundMinor(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}
