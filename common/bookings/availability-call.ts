import { z } from "../zod.ts";
import { UUID_PATTERN } from "../fields/field-rules.ts";
import { byInput } from "../fields/schema-fields.ts";
import { DAY_STATES } from "./availability.ts";
import { availabilityRangeSchema } from "./availability-query.ts";

/** GET /api/availability's query: a machine and a range of days (the range's rules and codes are the bookings'). */
export const availabilityQuerySchema = availabilityRangeSchema.safeExtend({
  product: z
    .string({ error: byInput("REQUIRED_AVAILABILITY_PRODUCT", "UNKNOWN_AVAILABILITY_PRODUCT") })
    .regex(UUID_PATTERN, { error: "UNKNOWN_AVAILABILITY_PRODUCT" })
    .transform((value) => value.toLowerCase()),
});

/** Its reply: the machine and each day's state, nothing else. */
export const machineAvailabilitySchema = z.object({
  product: z.string(),
  days: z.array(z.object({ day: z.string(), state: z.enum(DAY_STATES) })),
});
