import { z } from "../zod.ts";
import { isBookingDay, rangeProblem } from "./booking-days.ts";

/**
 * A question "is it free from … to …" (decision 070): two Romanian days, the last not before the
 * first, at most 366 days; its codes are in the visitor's table. The visitor's call and the admin's
 * build their query from these fields and this rule.
 */
const day = z.string({ error: "INVALID_AVAILABILITY_DAY" }).refine(isBookingDay, { error: "INVALID_AVAILABILITY_DAY" });

export const availabilityRangeFields = { from: day, to: day };

/** The range's rule, reported at `to`, once both days are valid. */
export function checkAvailabilityRange(value: unknown, context: z.RefinementCtx): void {
  const { from, to } = (value ?? {}) as { from?: unknown; to?: unknown };
  if (typeof from !== "string" || typeof to !== "string") return;
  if (!isBookingDay(from) || !isBookingDay(to)) return;
  const problem = rangeProblem(from, to);
  if (problem === "last-before-first")
    context.addIssue({ code: "custom", message: "AVAILABILITY_LAST_DAY_BEFORE_FIRST", path: ["to"] });
  if (problem === "too-long")
    context.addIssue({ code: "custom", message: "AVAILABILITY_RANGE_TOO_LONG", path: ["to"] });
}

export const availabilityRangeSchema = z
  .object(availabilityRangeFields)
  .superRefine(checkAvailabilityRange, { when: () => true });

export type AvailabilityRange = z.infer<typeof availabilityRangeSchema>;
