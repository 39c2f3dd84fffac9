import { z } from "../zod.ts";
import { isBookingDay } from "../bookings/booking-days.ts";
import { bookingRangeError } from "../bookings/booking-schemas.ts";
import type { ErrorCode } from "../errors/error-codes.ts";
import { EMAIL_MAX_LENGTH, UUID_PATTERN, hasHiddenCharacter, showsSomething } from "../fields/field-rules.ts";
import { byInput, uuidField } from "../fields/schema-fields.ts";
import { LANGUAGES } from "../language/language.ts";
import { isContactEmail, isContactPhone } from "../leads/contact-schema.ts";
import { MAX_AMOUNT, WHOLE_IN_HUNDREDTHS } from "../pricing/money.ts";
import { offerAnswerProofSchema } from "./offer-answer-schema.ts";
import { OFFER_STATES } from "./offer-states.ts";

/**
 * An offer as the admin writes and reads it (/api/offers, decision 094): one module for the editor,
 * the API's validation and its OpenAPI document. Every rule's message is its error code. What needs
 * the database (the machine, its rates and fleet, the request) and today's date is the server's
 * (server/offers/). Amounts are minor units without VAT; percentages hundredths of a percent.
 */

export const OFFER_LINES_MAX = 40;
export const OFFER_TEXT_MAX_LENGTH = 200;
export const OFFER_NOTES_MAX_LENGTH = 2000;
export const OFFER_PHONE_MAX_LENGTH = 30;
export const OFFER_UNITS_MAX = 999;

/**
 * One line of text: spaces collapsed, no hidden character, and something visible when not empty (a name
 * of blank look-alikes is no name); markup is text, shown escaped everywhere.
 */
function lineText(invalid: ErrorCode, required: ErrorCode = invalid) {
  return z
    .string({ error: byInput(required, invalid) })
    .refine((value) => !hasHiddenCharacter(value), { error: invalid, abort: true })
    .overwrite((value) => value.replace(/\s+/g, " ").trim())
    .refine((value) => value === "" || showsSomething(value), { error: invalid, abort: true })
    .max(OFFER_TEXT_MAX_LENGTH, { error: invalid });
}

/** Several lines of text: line breaks kept (as \n), no other hidden character. */
const notesField = z
  .string({ error: "INVALID_OFFER_NOTES" })
  .overwrite((value) => value.replace(/\r\n?/g, "\n").trim())
  .max(OFFER_NOTES_MAX_LENGTH, { error: "INVALID_OFFER_NOTES" })
  .refine((value) => !hasHiddenCharacter(value.replace(/[\n\t]/g, "")), { error: "INVALID_OFFER_NOTES" });

/** A percentage in hundredths (10 % is 1000), from 0 to 100 %. */
function percentField(code: ErrorCode) {
  return z
    .number({ error: code })
    .int({ error: code, abort: true })
    .min(0, { error: code, abort: true })
    .max(WHOLE_IN_HUNDREDTHS, { error: code });
}

const amountField = z
  .number({ error: "INVALID_PRICE_AMOUNT" })
  .min(0, { error: "PRICE_AMOUNT_NEGATIVE", abort: true })
  // Before the whole-number check: 1e308 is too large, not a fraction (zod's int() refuses unsafe integers).
  .max(MAX_AMOUNT, { error: "PRICE_AMOUNT_TOO_LARGE", abort: true })
  .int({ error: "PRICE_AMOUNT_NOT_WHOLE" });

function dayField(code: ErrorCode) {
  return z.string({ error: code }).refine(isBookingDay, { error: code });
}

const discountField = percentField("INVALID_OFFER_DISCOUNT")
  .default(0)
  .meta({ description: "A discount in hundredths of a percent (10 % is 1000), 0–10000." });

/** The range's rule, reported at `last_day`, when both days are valid. */
function checkRange(line: unknown, context: z.RefinementCtx): void {
  // Also while another field is wrong: the days (or the line itself) may then be unchecked.
  const { first_day, last_day } = (line ?? {}) as { first_day?: unknown; last_day?: unknown };
  if (typeof first_day !== "string" || typeof last_day !== "string") return;
  if (!isBookingDay(first_day) || !isBookingDay(last_day)) return;
  const code = bookingRangeError(first_day, last_day);
  if (code) context.addIssue({ code: "custom", message: code, path: ["last_day"] });
}

const machineLineSchema = z
  .object({
    kind: z.literal("machine"),
    product_uuid: z
      .string({ error: byInput("REQUIRED_OFFER_LINE_MACHINE", "UNKNOWN_OFFER_LINE_MACHINE") })
      .regex(UUID_PATTERN, { error: "UNKNOWN_OFFER_LINE_MACHINE" })
      .transform((value) => value.toLowerCase()),
    first_day: dayField("INVALID_BOOKING_FIRST_DAY"),
    last_day: dayField("INVALID_BOOKING_LAST_DAY"),
    units: z
      .number({ error: "INVALID_BOOKING_UNITS" })
      .int({ error: "INVALID_BOOKING_UNITS" })
      .min(1, { error: "INVALID_BOOKING_UNITS" })
      .max(OFFER_UNITS_MAX, { error: "INVALID_BOOKING_UNITS" })
      .default(1),
    with_operator: z.boolean({ error: "INVALID_OFFER_LINE_OPERATOR" }).default(false),
    amount: amountField.nullable().default(null).meta({
      description:
        "The line's amount before its discount; null or left out: the pricing rule's (the machine's rates for its days and units, and its operator's day rate times the days when `with_operator`).",
    }),
    discount: discountField,
  })
  .superRefine(checkRange, { when: () => true });

const freeLineSchema = z.object({
  kind: z.literal("free"),
  description: lineText("INVALID_OFFER_LINE_DESCRIPTION", "REQUIRED_OFFER_LINE_DESCRIPTION").pipe(
    z.string().min(1, { error: "REQUIRED_OFFER_LINE_DESCRIPTION" }),
  ),
  amount: z
    .number({ error: byInput("REQUIRED_OFFER_LINE_AMOUNT", "INVALID_PRICE_AMOUNT") })
    .pipe(amountField)
    .meta({ description: "The line's amount before its discount (transport, setup…)." }),
  discount: discountField,
});

export const offerLineInputSchema = z.discriminatedUnion("kind", [machineLineSchema, freeLineSchema], {
  error: "INVALID_OFFER_LINE_KIND",
});
export type OfferLineInput = z.output<typeof offerLineInputSchema>;

/** POST /api/offers and PUT /api/offers/{id}: the whole draft, every time. */
export const offerWriteSchema = z.object({
  lead_uuid: uuidField("INVALID_OFFER_LEAD").nullable().default(null).meta({
    description: "The quote request the offer answers; null for an offer written from scratch (a phone call).",
  }),
  customer_name: lineText("INVALID_OFFER_CUSTOMER_NAME", "REQUIRED_OFFER_CUSTOMER_NAME").pipe(
    z.string().min(1, { error: "REQUIRED_OFFER_CUSTOMER_NAME" }),
  ),
  customer_company: lineText("INVALID_OFFER_CUSTOMER_COMPANY").default(""),
  customer_email: z
    .string({ error: "INVALID_OFFER_CUSTOMER_EMAIL" })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX_LENGTH, { error: "INVALID_OFFER_CUSTOMER_EMAIL", abort: true })
    .refine((value) => value === "" || isContactEmail(value), { error: "INVALID_OFFER_CUSTOMER_EMAIL" })
    .default(""),
  customer_phone: z
    .string({ error: "INVALID_OFFER_CUSTOMER_PHONE" })
    .trim()
    .max(OFFER_PHONE_MAX_LENGTH, { error: "INVALID_OFFER_CUSTOMER_PHONE", abort: true })
    .refine((value) => value === "" || isContactPhone(value), { error: "INVALID_OFFER_CUSTOMER_PHONE" })
    .default(""),
  lang: z.enum(LANGUAGES, { error: "INVALID_OFFER_LANGUAGE" }).default("ro").meta({
    description: "The customer's language: the offer's document, e-mail and page are in it.",
  }),
  valid_until: dayField("INVALID_OFFER_VALID_UNTIL").nullable().default(null).meta({
    description:
      "The last day the offer holds (YYYY-MM-DD, today to a year from today); null: today plus the validity of Configurare (`offer_validity_days`, 14 days while not set).",
  }),
  vat_rate: percentField("INVALID_OFFER_VAT_RATE").nullable().default(null).meta({
    description: "VAT in hundredths of a percent (21 % is 2100), 0–10000; null: the site's (Configurare).",
  }),
  discount: discountField.meta({ description: "The discount on the whole offer, off the lines' sum." }),
  notes: notesField.default(""),
  lines: z
    .array(offerLineInputSchema, { error: "OFFER_WITHOUT_LINES" })
    .min(1, { error: "OFFER_WITHOUT_LINES" })
    .max(OFFER_LINES_MAX, { error: "OFFER_TOO_MANY_LINES" }),
});
export type OfferWriteInput = z.output<typeof offerWriteSchema>;

export const offerListQuerySchema = z.object({
  state: z.enum(OFFER_STATES, { error: "INVALID_OFFER_STATE" }).optional(),
  lead: uuidField("INVALID_OFFER_LEAD").optional(),
});
export type OfferListQuery = z.output<typeof offerListQuerySchema>;

const periodsView = z.object({ months: z.number().int(), weeks: z.number().int(), days: z.number().int() });

export const offerLineViewSchema = z.object({
  kind: z.enum(["machine", "free"]),
  description: z.string().meta({ description: "A free line's text; a machine line's model as it was written." }),
  product_uuid: z.string().nullable(),
  first_day: z.string().nullable(),
  last_day: z.string().nullable(),
  days: z.number().int().nullable(),
  units: z.number().int(),
  with_operator: z.boolean(),
  periods: periodsView.nullable().meta({
    description: "How the pricing rule covered the days (the rate applied); null for a free line.",
  }),
  charged_days: z.number().int().nullable(),
  rule_amount: z.number().int().nullable().meta({
    description: "What the pricing rule asks for the line; null: the machine has no rate for it.",
  }),
  amount: z.number().int().meta({ description: "The line's amount before its discount (the rule's or written)." }),
  discount: z.number().int(),
  discount_amount: z.number().int(),
  total: z.number().int(),
});
export type OfferLineView = z.output<typeof offerLineViewSchema>;

export const offerSummarySchema = z.object({
  uuid: z.string(),
  number: z.string().meta({ description: "OF-<year>-<sequence>, shared by every version of the offer." }),
  offer_version: z.number().int().meta({ description: "1 for the first; a change to a sent offer makes the next." }),
  state: z.enum(OFFER_STATES),
  lead_uuid: z.string().nullable(),
  customer_name: z.string(),
  customer_company: z.string(),
  currency: z.string(),
  total: z.number().int(),
  valid_until: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OfferSummary = z.output<typeof offerSummarySchema>;

export const offerViewSchema = offerSummarySchema.extend({
  customer_email: z.string(),
  customer_phone: z.string(),
  lang: z.enum(LANGUAGES),
  vat_rate: z.number().int(),
  discount: z.number().int(),
  notes: z.string(),
  lines: z.array(offerLineViewSchema),
  subtotal: z.number().int(),
  discount_amount: z.number().int(),
  net: z.number().int(),
  vat_amount: z.number().int(),
  updated_at: z.string(),
  versions: z
    .array(z.object({ uuid: z.string(), offer_version: z.number().int(), state: z.enum(OFFER_STATES) }))
    .meta({ description: "Every version of the offer's number, oldest first, this one included." }),
  answer: offerAnswerProofSchema.nullable().meta({
    description: "The customer's answer on the offer's page (decision 097), with its proof; null until answered.",
  }),
});
export type OfferView = z.output<typeof offerViewSchema>;
