import type { OverbookedDay } from "../../../common/bookings/booking-schemas.ts";
import type { ErrorCode } from "../../../common/errors/error-codes.ts";
import { ApiError } from "../api/api-client.ts";
import { confirm } from "../ui/confirm.ts";
import { formatDay } from "../ui/date-format.ts";

/** A refusal that lists the days a machine's confirmed bookings go beyond its fleet, and how to ask about it. */
export interface OverbookingQuestion {
  code: ErrorCode;
  message: (days: string) => string;
}

/** A booking confirmed beyond the fleet (BOOKING_OVERBOOKED). */
export const BOOKING_OVERBOOKED_QUESTION: OverbookingQuestion = {
  code: "BOOKING_OVERBOOKED",
  message: (days) => `Confirmarea depaseste flota utilajului in zilele: ${days}. Confirmati suprarezervarea?`,
};

/** A machine's fleet lowered below its confirmed bookings (PRODUCT_UNITS_BELOW_BOOKINGS). */
export const UNITS_BELOW_BOOKINGS_QUESTION: OverbookingQuestion = {
  code: "PRODUCT_UNITS_BELOW_BOOKINGS",
  message: (days) =>
    `Rezervarile confirmate iau mai multe unitati decat flota noua in zilele: ${days}. Salvati si marcati-le ca suprarezervate?`,
};

/**
 * A save that may meet the overbooking rule (decision 070): sent as it is; refused with the
 * question's code, the question lists the days and, when the administrator confirms, it is sent
 * again with `confirm_overbooking`. Resolves undefined when they decline.
 */
export async function saveWithOverbookingQuestion<Reply>(
  send: (confirmOverbooking: boolean) => Promise<Reply>,
  question: OverbookingQuestion = BOOKING_OVERBOOKED_QUESTION,
): Promise<Reply | undefined> {
  try {
    return await send(false);
  } catch (error) {
    if (!(error instanceof ApiError) || !error.codes.includes(question.code)) throw error;
    const conflicts = (error.error as { conflicts?: OverbookedDay[] }).conflicts ?? [];
    const days = conflicts.map((day) => `${formatDay(day.day)} (${day.confirmed} din ${day.fleet})`).join(", ");
    const sure = await confirm({
      title: "Suprarezervare",
      message: question.message(days),
      confirmLabel: "Confirmati suprarezervarea",
      cancelLabel: "Renuntati",
      danger: true,
    });
    return sure ? send(true) : undefined;
  }
}
