import { FLEET_UNITS_MAX } from "../fields/field-rules.ts";

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

/** Units of a machine without a fleet (0 units: on request) one request may ask for (decision 098). */
export const QUOTE_UNITS_ON_REQUEST_MAX = 99;

/** The most units of a machine with this fleet one request may ask for: its fleet, or the cap of one on request. */
export function quoteUnitsMaxOf(fleet: number): number {
  return fleet >= 1 ? fleet : QUOTE_UNITS_ON_REQUEST_MAX;
}

/** A number of units any machine could be asked for: a whole number from 1 to the largest fleet (FLEET_UNITS_MAX). */
export function isUnitCount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= FLEET_UNITS_MAX;
}
