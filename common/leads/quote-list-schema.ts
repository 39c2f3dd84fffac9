import { z } from "../zod.ts";
import { aYearAfter, isDay, romanianDay } from "../days/romanian-day.ts";
import { dayCountOf } from "./quote-days.ts";
import { QUOTE_DAYS_MAX, QUOTE_LIST_MAX } from "./quote-limits.ts";
import { uuidField } from "../fields/schema-fields.ts";
import { FLEET_UNITS_MAX } from "../fields/field-rules.ts";

/**
 * The quote list: the machines a visitor asks for in one request, each with the wished start day (in
 * Romania), how long (a number of days, or an end day), how many units and whether an operator comes with it. The
 * list is built in the browser; POST /api/contact receives it as `items`, beside the fields of
 * spec §3, which stay as they are. Each rule has its own error code, at `items.N.field`.
 */

const day = (code: "INVALID_QUOTE_START_DATE" | "INVALID_QUOTE_END_DATE") =>
  z
    .string({ error: code })
    .refine(isDay, { error: code })
    .nullish()
    .transform((value) => value ?? null);

const quoteItemInput = z.object(
  {
    product: uuidField("INVALID_QUOTE_PRODUCT"),
    /** The first day the machine is wanted; null or absent: not decided yet. */
    startDate: day("INVALID_QUOTE_START_DATE"),
    /** How many days, counting the first and the last; or give `endDate` instead. */
    days: z
      .number({ error: "INVALID_QUOTE_DAYS" })
      .int({ error: "INVALID_QUOTE_DAYS" })
      .min(1, { error: "INVALID_QUOTE_DAYS" })
      .max(QUOTE_DAYS_MAX, { error: "INVALID_QUOTE_DAYS" })
      .nullish()
      .transform((value) => value ?? null),
    /** The last day the machine is wanted, instead of `days`. */
    endDate: day("INVALID_QUOTE_END_DATE"),
    /** With an operator (driver) from the company. */
    operator: z.boolean({ error: "INVALID_QUOTE_OPERATOR" }).default(false),
    /**
     * How many of the machine (decision 098); absent or null: one, as before the field existed. The
     * machine's fleet bounds it further on the server (QUOTE_UNITS_OVER_FLEET).
     */
    units: z
      .number({ error: "INVALID_QUOTE_UNITS" })
      .int({ error: "INVALID_QUOTE_UNITS" })
      .min(1, { error: "INVALID_QUOTE_UNITS" })
      .max(FLEET_UNITS_MAX, { error: "INVALID_QUOTE_UNITS" })
      .nullish()
      .transform((value) => value ?? 1),
  },
  { error: "INVALID_QUOTE_ITEMS" },
);

/**
 * The day rules that need today (in Romania): a start from today to a year ahead, an end on or after
 * it, and `days` or `endDate`, not both unless they agree. Checked when every field is readable.
 */
function dayRules(item: z.output<typeof quoteItemInput>, ctx: z.RefinementCtx): void {
  const { startDate, endDate, days } = item;
  // A day that is not one has its own error already; nothing is measured from it.
  if ((startDate !== null && !isDay(startDate)) || (endDate !== null && !isDay(endDate))) return;
  const today = romanianDay();
  if (startDate !== null && startDate < today)
    ctx.addIssue({ code: "custom", message: "PAST_QUOTE_START_DATE", path: ["startDate"] });
  if (startDate !== null && startDate > aYearAfter(today))
    ctx.addIssue({ code: "custom", message: "FAR_QUOTE_START_DATE", path: ["startDate"] });
  if (endDate === null) return;
  if (startDate === null)
    return ctx.addIssue({ code: "custom", message: "REQUIRED_QUOTE_START_DATE", path: ["startDate"] });
  const span = dayCountOf(startDate, endDate);
  if (span < 1) return ctx.addIssue({ code: "custom", message: "QUOTE_END_BEFORE_START", path: ["endDate"] });
  if (span > QUOTE_DAYS_MAX) return ctx.addIssue({ code: "custom", message: "INVALID_QUOTE_DAYS", path: ["endDate"] });
  if (days !== null && days !== span)
    ctx.addIssue({ code: "custom", message: "INVALID_QUOTE_END_DATE", path: ["endDate"] });
}

/** One machine of the list as it is stored: the end, when given, becomes the number of days. */
const quoteItemSchema = quoteItemInput
  .superRefine(dayRules)
  .transform(({ product, startDate, days, endDate, operator, units }) => ({
    product,
    startDate,
    days: endDate !== null && startDate !== null ? dayCountOf(startDate, endDate) : days,
    operator,
    units,
  }));

/** At most QUOTE_LIST_MAX machines, each once. */
export const quoteItemsSchema = z
  .array(quoteItemSchema, { error: "INVALID_QUOTE_ITEMS" })
  .max(QUOTE_LIST_MAX, { error: "TOO_MANY_QUOTE_ITEMS" })
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.product))
        ctx.addIssue({ code: "custom", message: "DUPLICATE_QUOTE_PRODUCT", path: [index, "product"] });
      seen.add(item.product);
    });
  });

export type QuoteItemInput = z.input<typeof quoteItemSchema>;
export type QuoteItem = z.output<typeof quoteItemSchema>;

/** GET /api/contact/machines?ids=a,b: the list's machines as the catalogue has them now. */
export const quoteMachinesQuerySchema = z.object({
  ids: z
    .string({ error: "INVALID_QUOTE_ITEMS" })
    .transform((value) => (value === "" ? [] : value.split(",")))
    .pipe(
      z
        .array(uuidField("INVALID_QUOTE_PRODUCT"), { error: "INVALID_QUOTE_ITEMS" })
        .max(QUOTE_LIST_MAX, { error: "TOO_MANY_QUOTE_ITEMS" }),
    )
    // An id asked twice is answered once.
    .transform((ids) => [...new Set(ids)]),
});

/** A machine of the list; ids no longer in the catalogue are left out of the answer. */
export const quoteMachineSchema = z.object({
  id: z.string(),
  model: z.string(),
  /** The category's name and its English name (empty while not translated); null: a machine without category. */
  category: z.object({ name: z.string(), name_en: z.string() }).nullable(),
  /** Its public page. */
  path: z.string(),
  maxUnits: z.number().int().meta({
    description:
      "The most units of it one request may ask for (additive): its fleet, or 99 while it has none (on request).",
  }),
});
export const quoteMachinesSchema = z.object({ machines: z.array(quoteMachineSchema) });
export type QuoteMachine = z.output<typeof quoteMachineSchema>;
