import { z } from "../zod.ts";
import type { ErrorCode } from "../errors/error-codes.ts";
import { UUID_PATTERN, hasHiddenCharacter } from "../fields/field-rules.ts";
import { byInput, editVersionField, uuidField } from "../fields/schema-fields.ts";
import { DAY_STATES } from "./availability.ts";
import { availabilityRangeFields, checkAvailabilityRange } from "./availability-query.ts";
import { isBookingDay, rangeProblem } from "./booking-days.ts";
import { BOOKING_STATES } from "./booking-states.ts";

/**
 * The fleet's bookings as the admin writes and reads them (/api/bookings, decision 070): one module
 * for the admin's forms, the API's validation and its OpenAPI document. Every rule's message is its
 * error code. What needs the database (the machine exists, its fleet, the other bookings) is the
 * server's (server/bookings/).
 */

export const BOOKING_UNITS_MAX = 999;
export const BOOKING_NOTE_MAX_LENGTH = 1000;

/** The states a write may set; cancelling is its own call, and an update may bring a cancelled one back. */
const WRITABLE_STATES = ["tentativ", "confirmat"] as const;

function dayField(required: ErrorCode, invalid: ErrorCode) {
  return z.string({ error: byInput(required, invalid) }).refine(isBookingDay, { error: invalid });
}

const unitsField = z
  .number({ error: "INVALID_BOOKING_UNITS" })
  .int({ error: "INVALID_BOOKING_UNITS" })
  .min(1, { error: "INVALID_BOOKING_UNITS" })
  .max(BOOKING_UNITS_MAX, { error: "INVALID_BOOKING_UNITS" });

/** Free text: its line breaks (as \n) and tabs kept, no other hidden character. */
const noteField = z
  .string({ error: "INVALID_BOOKING_NOTE" })
  .overwrite((value) => value.replace(/\r\n?/g, "\n").trim())
  .max(BOOKING_NOTE_MAX_LENGTH, { error: "INVALID_BOOKING_NOTE" })
  .refine((value) => !hasHiddenCharacter(value.replace(/[\n\t]/g, "")), { error: "INVALID_BOOKING_NOTE" });

const confirmOverbookingField = z.boolean({ error: "INVALID_BOOKING_CONFIRM_OVERBOOKING" }).optional().meta({
  description:
    "true: a confirmed booking beyond the fleet on some day is stored anyway, marked `overbooked`; otherwise it is refused with 409 BOOKING_OVERBOOKED.",
});

/** The code of a range of two valid days that breaks a rule, if any. */
export function bookingRangeError(first: string, last: string): ErrorCode | undefined {
  const problem = rangeProblem(first, last);
  if (problem === "last-before-first") return "BOOKING_LAST_DAY_BEFORE_FIRST";
  return problem === "too-long" ? "BOOKING_RANGE_TOO_LONG" : undefined;
}

/** The range's rule, reported at `last_day`, when both days are there and valid. */
function checkRange(value: unknown, context: z.RefinementCtx): void {
  // Also while another field is wrong: the days (or the item itself) may then be unchecked.
  const { first_day, last_day } = (value ?? {}) as { first_day?: unknown; last_day?: unknown };
  if (typeof first_day !== "string" || typeof last_day !== "string") return;
  if (!isBookingDay(first_day) || !isBookingDay(last_day)) return;
  const code = bookingRangeError(first_day, last_day);
  if (code) context.addIssue({ code: "custom", message: code, path: ["last_day"] });
}

const productUuidField = z
  .string({ error: byInput("REQUIRED_BOOKING_PRODUCT", "UNKNOWN_BOOKING_PRODUCT") })
  .regex(UUID_PATTERN, { error: "UNKNOWN_BOOKING_PRODUCT" })
  .transform((value) => value.toLowerCase());

/** What every new booking names: the machine, its units, its days. */
const newBookingFields = {
  product_uuid: productUuidField,
  units: unitsField.default(1),
  first_day: dayField("REQUIRED_BOOKING_FIRST_DAY", "INVALID_BOOKING_FIRST_DAY"),
  last_day: dayField("REQUIRED_BOOKING_LAST_DAY", "INVALID_BOOKING_LAST_DAY"),
};

const writableStateField = z.enum(WRITABLE_STATES, { error: "INVALID_BOOKING_STATE" }).default("tentativ");

/** POST /api/bookings. */
export const bookingCreateSchema = z
  .object({
    ...newBookingFields,
    state: writableStateField,
    note: noteField.default(""),
    lead_uuid: uuidField("INVALID_BOOKING_LEAD").nullable().default(null),
    confirm_overbooking: confirmOverbookingField,
  })
  .superRefine(checkRange, { when: () => true });

/** The most machines a request's quote list holds, so the most bookings made from it at once. */
export const LEAD_BOOKINGS_MAX = 10;

/**
 * POST /api/contact/requests/{id}/bookings: one booking per machine of the request, in one step, all
 * in one state; the note and the link to the request are the server's.
 */
export const leadBookingsSchema = z.object({
  state: writableStateField,
  confirm_overbooking: confirmOverbookingField,
  items: z
    .array(
      z.object(newBookingFields, { error: "INVALID_LEAD_BOOKINGS" }).superRefine(checkRange, { when: () => true }),
      {
        error: "INVALID_LEAD_BOOKINGS",
      },
    )
    .min(1, { error: "INVALID_LEAD_BOOKINGS" })
    .max(LEAD_BOOKINGS_MAX, { error: "INVALID_LEAD_BOOKINGS" }),
});

/** PUT /api/bookings/{id}: fields left out keep what is stored. */
export const bookingUpdateSchema = z
  .object({
    units: unitsField.optional(),
    first_day: dayField("INVALID_BOOKING_FIRST_DAY", "INVALID_BOOKING_FIRST_DAY").optional(),
    last_day: dayField("INVALID_BOOKING_LAST_DAY", "INVALID_BOOKING_LAST_DAY").optional(),
    state: z.enum(WRITABLE_STATES, { error: "INVALID_BOOKING_STATE" }).optional(),
    note: noteField.optional(),
    confirm_overbooking: confirmOverbookingField,
    version: editVersionField,
  })
  .superRefine(checkRange, { when: () => true });

/** GET /api/bookings/availability: one machine over a range, with the range's rules of a visitor's question. */
export const bookingAvailabilityQuerySchema = z
  .object({
    product: z
      .string({ error: "UNKNOWN_BOOKING_PRODUCT" })
      .regex(UUID_PATTERN, { error: "UNKNOWN_BOOKING_PRODUCT" })
      .transform((value) => value.toLowerCase()),
    ...availabilityRangeFields,
  })
  .superRefine(checkAvailabilityRange, { when: () => true });

/** A machine's availability as the admin reads it: its fleet, and each day's state. */
export const bookingAvailabilitySchema = z.object({
  product_uuid: z.uuid(),
  units: z.number().int(),
  days: z.array(z.object({ day: z.string(), state: z.enum(DAY_STATES) })),
});
export type BookingAvailability = z.infer<typeof bookingAvailabilitySchema>;

/** POST /api/bookings/{id}/cancel: only the version the form read, if any. */
export const bookingCancelSchema = z.object({ version: editVersionField });

const filterDay = z.string({ error: "INVALID_BOOKING_FILTER" }).refine(isBookingDay, {
  error: "INVALID_BOOKING_FILTER",
});

/**
 * Which bookings: those with a day from `from` to `to` (both included; `from` alone: a year from
 * it; neither: a year from today, or every booking of the request named by `lead`), of a machine,
 * of a category's machines, of a request, in a state.
 */
export const bookingListQuerySchema = z
  .object({
    from: filterDay.optional(),
    to: filterDay.optional(),
    product: uuidField("INVALID_BOOKING_FILTER").optional(),
    category: uuidField("INVALID_BOOKING_FILTER").optional(),
    lead: uuidField("INVALID_BOOKING_FILTER").optional(),
    state: z.enum(BOOKING_STATES, { error: "INVALID_BOOKING_FILTER" }).optional(),
  })
  .superRefine((value, context) => {
    if (value.to !== undefined && value.from === undefined)
      context.addIssue({ code: "custom", message: "INVALID_BOOKING_FILTER", path: ["from"] });
    if (value.from !== undefined && value.to !== undefined && isBookingDay(value.from) && isBookingDay(value.to)) {
      if (rangeProblem(value.from, value.to))
        context.addIssue({ code: "custom", message: "INVALID_BOOKING_FILTER", path: ["to"] });
    }
  });

export const bookingViewSchema = z.object({
  uuid: z.uuid(),
  product_uuid: z.uuid(),
  product_model: z.string(),
  category_uuid: z.uuid().nullable(),
  units: z.number().int(),
  first_day: z.string().meta({ description: "YYYY-MM-DD, a day in Romania, included." }),
  last_day: z.string().meta({ description: "YYYY-MM-DD, included." }),
  state: z.enum(BOOKING_STATES),
  overbooked: z.boolean().meta({ description: "Confirmed knowingly beyond the fleet on some day." }),
  note: z.string(),
  lead_uuid: z.uuid().nullable().meta({ description: "The contact request it came from, while that request is kept." }),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});

/** A day a confirmation would take more units of a machine than its fleet has. */
export const overbookedDaySchema = z.object({
  product_uuid: z.uuid(),
  day: z.string(),
  fleet: z.number().int(),
  confirmed: z.number().int().meta({ description: "Units confirmed on that day, this booking's included." }),
});

export type BookingCreateInput = z.infer<typeof bookingCreateSchema>;
export type LeadBookingsInput = z.infer<typeof leadBookingsSchema>;
export type BookingUpdateInput = z.infer<typeof bookingUpdateSchema>;
export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;
export type BookingView = z.infer<typeof bookingViewSchema>;
export type OverbookedDay = z.infer<typeof overbookedDaySchema>;
