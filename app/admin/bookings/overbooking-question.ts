import type { BookingView, OverbookedDay } from "../../../common/bookings/booking-schemas.ts";
import { ApiError } from "../api/api-client.ts";
import { confirm } from "../ui/confirm.ts";
import { formatDay } from "../leads/lead-labels.ts";

/**
 * A booking save that may meet the overbooking rule (decision 070): sent as it is; refused with
 * BOOKING_OVERBOOKED, the question lists the days and, when the administrator confirms, it is sent
 * again with `confirm_overbooking`. Resolves undefined when they decline.
 */
export async function saveWithOverbookingQuestion(
  send: (confirmOverbooking: boolean) => Promise<BookingView>,
): Promise<BookingView | undefined> {
  try {
    return await send(false);
  } catch (error) {
    if (!(error instanceof ApiError) || !error.codes.includes("BOOKING_OVERBOOKED")) throw error;
    const conflicts = (error.error as { conflicts?: OverbookedDay[] }).conflicts ?? [];
    const days = conflicts.map((day) => `${formatDay(day.day)} (${day.confirmed} din ${day.fleet})`).join(", ");
    const sure = await confirm({
      title: "Suprarezervare",
      message: `Confirmarea depaseste flota utilajului in zilele: ${days}. Confirmati suprarezervarea?`,
      confirmLabel: "Confirmati suprarezervarea",
      cancelLabel: "Renuntati",
      danger: true,
    });
    return sure ? send(true) : undefined;
  }
}
