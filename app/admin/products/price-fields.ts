import { amountInput, minorUnitsOf, moneyText } from "../../../common/pricing/amount-text.ts";
import { productPricesSchema, type ProductPrices } from "../../../common/pricing/machine-prices.ts";
import type { Currency } from "../../../common/pricing/money.ts";
import { rentalPrice, type Periods } from "../../../common/pricing/rental-price.ts";
import { z } from "../../../common/zod.ts";

/**
 * The product form's "Preturi" section (decision 089): amounts typed in lei or euros with two decimals,
 * read into minor units by the one conversion of common/pricing/amount-text.ts, then checked by the API's
 * own schema (the same codes, at the same paths); and the live example the pricing rule gives.
 */

export const AMOUNT_FIELDS = ["day", "week", "month", "deposit", "operator_day"] as const;
export type AmountField = (typeof AMOUNT_FIELDS)[number];

/** A type, not an interface: the form helper takes values as string-keyed records. */
export type PriceFields = Record<AmountField, string> & {
  /** What the number field gives: a number, or "" while it is empty (none). */
  minimum_days: number | string;
  on_request: boolean;
};

export const AMOUNT_LABELS: Record<AmountField, string> = {
  day: "Tarif pe zi",
  week: "Tarif pe saptamana (7 zile)",
  month: "Tarif pe luna (30 de zile)",
  deposit: "Garantie",
  operator_day: "Tarif operator pe zi",
};

/** Why a typed amount is not one: a minus, a third decimal, or anything else. */
function unreadable(text: string) {
  if (/^\s*-/.test(text)) return "PRICE_AMOUNT_NEGATIVE";
  if (/^\s*[\d .]+[,.]\d{3,}\s*$/.test(text)) return "PRICE_AMOUNT_NOT_WHOLE";
  return "INVALID_PRICE_AMOUNT";
}

const amountText = z.string().transform((text, context) => {
  const minor = minorUnitsOf(text);
  if (minor === undefined) {
    context.addIssue({ code: "custom", message: unreadable(text) });
    return z.NEVER;
  }
  return minor;
});

/** The section's values read as the API's `prices`, and checked by its schema. */
export const priceFieldsSchema = z
  .object({
    ...(Object.fromEntries(AMOUNT_FIELDS.map((field) => [field, amountText])) as Record<
      AmountField,
      typeof amountText
    >),
    minimum_days: z.union([z.number(), z.literal("")]).transform((days) => (days === "" ? null : days)),
    on_request: z.boolean(),
  })
  // The API's rules on what was read, its codes at their keys (a week rate without a day rate…).
  .transform((prices, context) => {
    const checked = productPricesSchema.safeParse(prices);
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues)
      context.addIssue({ code: "custom", message: issue.message, path: issue.path });
    return z.NEVER;
  });

/** The section as the form starts with a machine's prices (none for a new one). */
export function priceFieldsOf(prices: ProductPrices | undefined): PriceFields {
  return {
    ...(Object.fromEntries(AMOUNT_FIELDS.map((field) => [field, amountInput(prices?.[field])])) as Record<
      AmountField,
      string
    >),
    minimum_days: prices?.minimum_days ?? "",
    on_request: prices?.on_request ?? false,
  };
}

/** The lengths the live example prices: a day, a week, a month. */
export const EXAMPLE_DAYS = [1, 7, 30] as const;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function periodWords({ months, weeks, days }: Periods): string {
  return [
    months > 0 ? count(months, "luna", "luni") : "",
    weeks > 0 ? count(weeks, "saptamana", "saptamani") : "",
    days > 0 ? count(days, "zi", "zile") : "",
  ]
    .filter(Boolean)
    .join(" + ");
}

/**
 * The live example's lines ("7 zile: 2.500,00 lei + TVA (1 saptamana)"), computed by the one pricing
 * rule from the section's values as typed; none while there is no readable day rate.
 */
export function priceExamples(fields: PriceFields, currency: Currency): string[] {
  const parsed = priceFieldsSchema.safeParse(fields);
  if (!parsed.success || parsed.data.day === null) return [];
  const { day, week, month, minimum_days } = parsed.data;
  return EXAMPLE_DAYS.map((days) => {
    const price = rentalPrice({ day, week, month, minimumDays: minimum_days }, days);
    const charged = price.chargedDays > days ? `, minim ${price.chargedDays} zile` : "";
    return `${count(days, "zi", "zile")}: ${moneyText(price.amount, currency, "ro")} + TVA (${periodWords(price.periods)}${charged})`;
  });
}
