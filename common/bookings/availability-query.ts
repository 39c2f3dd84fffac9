import { z } from "../zod.ts";
import { isBookingDay, rangeProblem } from "./booking-days.ts";

/**
 * A visitor's question "is it free from … to …" (decision 070): two Romanian days, the last not
 * before the first, at most 366 days; its codes are in the visitor's table.
 */
const day = z.string({ error: "INVALID_AVAILABILITY_DAY" }).refine(isBookingDay, { error: "INVALID_AVAILABILITY_DAY" });

export const availabilityRangeSchema = z.object({ from: day, to: day }).superRefine((value, context) => {
  if (!isBookingDay(value.from) || !isBookingDay(value.to)) return;
  const problem = rangeProblem(value.from, value.to);
  if (problem === "last-before-first")
    context.addIssue({ code: "custom", message: "AVAILABILITY_LAST_DAY_BEFORE_FIRST", path: ["to"] });
  if (problem === "too-long")
    context.addIssue({ code: "custom", message: "AVAILABILITY_RANGE_TOO_LONG", path: ["to"] });
});

export type AvailabilityRange = z.infer<typeof availabilityRangeSchema>;
