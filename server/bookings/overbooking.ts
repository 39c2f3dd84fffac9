import type { Kysely } from "kysely";
import { daysOfRange, unitsTakenPerDay } from "../../common/bookings/availability.ts";
import type { OverbookedDay } from "../../common/bookings/booking-schemas.ts";
import { DaysBeyondFleet } from "./fleet-below-bookings.ts";
import { overbookedBookingsOf, setOverbooked, takingBookings } from "../db/repositories/bookings.ts";
import type { Database } from "../db/schema.ts";

/**
 * A confirmed booking never takes more units than the fleet by accident (decision 070): only other
 * confirmed bookings count against it (a tentative one is no promise), and the administrator may
 * go beyond knowingly, which marks it overbooked. Run inside the write's transaction, after
 * writeAndRenewPages's first statement has made it the only writer, so two confirmations of the last
 * unit cannot both see it free.
 */

/** 409 BOOKING_OVERBOOKED: the usual error fields, and the days the confirmation goes beyond the fleet. */
export class OverbookingRefused extends DaysBeyondFleet {
  constructor(conflicts: OverbookedDay[]) {
    super("BOOKING_OVERBOOKED", conflicts);
  }
}

export interface ConfirmedCandidate {
  /** Absent for a new booking; otherwise its own row is not counted twice. */
  id?: string;
  productId: string;
  fleet: number;
  units: number;
  firstDay: string;
  lastDay: string;
}

/** The days the candidate, with the other confirmed bookings, takes more units than the fleet. */
export async function overbookedDays(db: Kysely<Database>, candidate: ConfirmedCandidate): Promise<OverbookedDay[]> {
  const others = (
    await takingBookings(db, [candidate.productId], candidate.firstDay, candidate.lastDay, ["confirmat"])
  ).filter((booking) => booking.id !== candidate.id);
  const days = daysOfRange(candidate.firstDay, candidate.lastDay);
  const taken = unitsTakenPerDay(others, candidate.firstDay, days.length);
  return days.flatMap((day, index) => {
    const confirmed = taken[index] + candidate.units;
    return confirmed > candidate.fleet
      ? [{ product_uuid: candidate.productId, day, fleet: candidate.fleet, confirmed }]
      : [];
  });
}

/** Whether the candidate is stored overbooked; refused (409) when it would be and `confirm` is not given. */
export async function checkOverbooking(
  db: Kysely<Database>,
  candidate: ConfirmedCandidate,
  confirm: boolean,
): Promise<boolean> {
  const conflicts = await overbookedDays(db, candidate);
  if (conflicts.length > 0 && !confirm) throw new OverbookingRefused(conflicts);
  return conflicts.length > 0;
}

/**
 * After a machine's bookings changed (one cancelled, moved, shortened): the bookings marked
 * overbooked that no longer go beyond the fleet lose the mark, so the planner's "!" and the feed say
 * what is true now. The mark is never added here: only a confirmation made knowingly sets it.
 */
export async function clearResolvedOverbookings(db: Kysely<Database>, productId: string, fleet: number): Promise<void> {
  const resolved: string[] = [];
  for (const booking of await overbookedBookingsOf(db, productId)) {
    const candidate = {
      id: booking.id,
      productId,
      fleet,
      units: booking.units,
      firstDay: booking.first_day,
      lastDay: booking.last_day,
    };
    if ((await overbookedDays(db, candidate)).length === 0) resolved.push(booking.id);
  }
  await setOverbooked(db, resolved, false);
}
