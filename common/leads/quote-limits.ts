/**
 * Bounds of the quote list (common/leads/quote-list-schema.ts), apart from the schema so the public pages'
 * list (its count, its day pickers) can use them without loading zod.
 */

/** Machines in one request. */
export const QUOTE_LIST_MAX = 10;

/** Days one machine may be asked for. */
export const QUOTE_DAYS_MAX = 365;

/** A number of days a machine may be asked for: a whole number from 1 to QUOTE_DAYS_MAX. */
export function isDayCount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= QUOTE_DAYS_MAX;
}
