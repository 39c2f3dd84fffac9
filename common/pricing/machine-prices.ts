import { z } from "../zod.ts";
import { MAX_AMOUNT } from "./money.ts";

/**
 * A machine's prices (decision 089) in the product calls: whole minor units (bani, cents) without VAT,
 * each rate optional, a minimum number of days and "preț la cerere". One schema for the admin's form,
 * the API's validation and its OpenAPI document.
 */

export const MINIMUM_DAYS_MAX = 366;

/**
 * An amount: whole minor units up to MAX_AMOUNT (checked before the whole-number rule: 1e308 is too
 * large, not a fraction). A rate is never 0: the pricing rule reads a rate as "this much", and no rate
 * as none, so a 0 shown as "0 lei" on the page would be one thing there and another in the offer;
 * a deposit may be 0 (none asked).
 */
const amount = (description: string, least: 0 | 1) =>
  z
    .number({ error: "INVALID_PRICE_AMOUNT" })
    .min(0, { error: "PRICE_AMOUNT_NEGATIVE", abort: true })
    .min(least, { error: "PRICE_RATE_ZERO", abort: true })
    .max(MAX_AMOUNT, { error: "PRICE_AMOUNT_TOO_LARGE", abort: true })
    .int({ error: "PRICE_AMOUNT_NOT_WHOLE" })
    .nullable()
    .default(null)
    .meta({
      description: `${description}, in minor units (bani, cents) without VAT${least > 0 ? ", at least 1" : ""}; null or left out: none.`,
    });

export const productPricesSchema = z
  .object(
    {
      day: amount("The day rate", 1),
      week: amount("The week rate (7 days); needs a day rate", 1),
      month: amount("The month rate (30 days); needs a day rate", 1),
      deposit: amount("The deposit (garanție): shown, never added to a price", 0),
      operator_day: amount("The operator's day rate", 1),
      minimum_days: z
        .number({ error: "PRICE_MINIMUM_DAYS_OUT_OF_RANGE" })
        .int({ error: "PRICE_MINIMUM_DAYS_OUT_OF_RANGE", abort: true })
        .min(1, { error: "PRICE_MINIMUM_DAYS_OUT_OF_RANGE", abort: true })
        .max(MINIMUM_DAYS_MAX, { error: "PRICE_MINIMUM_DAYS_OUT_OF_RANGE" })
        .nullable()
        .default(null)
        .meta({ description: "Fewer days are charged as this many (1–366); null or left out: none." }),
      on_request: z
        .boolean({ error: "INVALID_PRICE_ON_REQUEST" })
        .default(false)
        .meta({ description: "'Preț la cerere': the rates are never shown on the public side." }),
    },
    { error: "INVALID_PRODUCT_PRICES" },
  )
  .superRefine(
    (prices, context) => {
      for (const rate of ["week", "month"] as const) {
        if (prices[rate] !== null && prices.day === null) {
          context.addIssue({ code: "custom", message: "PRICE_RATE_WITHOUT_DAY_RATE", path: [rate] });
        }
      }
    },
    // Only once the rates themselves are numbers (a wrong day rate is reported as itself).
    { when: (payload) => payload.issues.length === 0 },
  );

export type ProductPrices = z.output<typeof productPricesSchema>;

/** The prices a machine has before any are given. */
export const NO_PRICES: ProductPrices = {
  day: null,
  week: null,
  month: null,
  deposit: null,
  operator_day: null,
  minimum_days: null,
  on_request: false,
};

/** The product calls' field: sent, it replaces the machine's prices whole; left out, they stay as stored. */
export const productPricesField = productPricesSchema.optional().meta({
  description:
    "The machine's prices (additive, decision 089): sent, they replace the stored ones whole (a key left out is none); left out, an update keeps what is stored and a new machine has none.",
});

/**
 * The prices in a product's reply: always in the admin's (create, update, GET /product/edit/{id}); in
 * a public reply only while the site shows prices (`show_prices`), and then without rates for a machine
 * "la cerere".
 */
export const productPricesViewSchema = z.object({
  day: z.number().int().nullable(),
  week: z.number().int().nullable(),
  month: z.number().int().nullable(),
  deposit: z.number().int().nullable(),
  operator_day: z.number().int().nullable(),
  minimum_days: z.number().int().nullable(),
  on_request: z.boolean(),
});
