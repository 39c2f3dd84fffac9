import { daysFrom } from "../days/romanian-day.ts";
import { rangeLength } from "./booking-days.ts";

/**
 * A machine's availability per day, as visitors and the administrator see it (decision 070): only
 * how much of the fleet is taken, never whose booking, its state or its note.
 */
export const DAY_STATES = ["free", "partly", "booked", "on-request"] as const;
export type DayState = (typeof DAY_STATES)[number];

export interface DayAvailability {
  /** 'YYYY-MM-DD', a day in Romania. */
  day: string;
  state: DayState;
}

/** What the count needs of a booking: its units over its days (a cancelled one is never given). */
export interface TakenUnits {
  units: number;
  first_day: string;
  last_day: string;
}

/** Units taken on each of `length` days from `first` (index 0: `first`). */
export function unitsTakenPerDay(bookings: readonly TakenUnits[], first: string, length: number): number[] {
  // Each booking adds at its first day in the range and removes after its last: one pass, then sums.
  const change = new Array<number>(length + 1).fill(0);
  for (const booking of bookings) {
    const from = Math.max(0, rangeLength(first, booking.first_day) - 1);
    const to = Math.min(length - 1, rangeLength(first, booking.last_day) - 1);
    if (from > to) continue;
    change[from] += booking.units;
    change[to + 1] -= booking.units;
  }
  const taken: number[] = [];
  let running = 0;
  for (let index = 0; index < length; index += 1) {
    running += change[index];
    taken.push(running);
  }
  return taken;
}

export function dayState(fleet: number, taken: number): DayState {
  if (fleet <= 0) return "on-request";
  if (taken >= fleet) return "booked";
  return taken > 0 ? "partly" : "free";
}

/** The days from `first` to `last`, both included. */
export function daysOfRange(first: string, last: string): string[] {
  return daysFrom(first, rangeLength(first, last));
}

/** One entry per day of `days` (consecutive, from daysOfRange) for a machine of `fleet` units. */
export function availabilityOfDays(
  fleet: number,
  bookings: readonly TakenUnits[],
  days: readonly string[],
): DayAvailability[] {
  if (days.length === 0) return [];
  return unitsTakenPerDay(bookings, days[0], days.length).map((taken, index) => ({
    day: days[index],
    state: dayState(fleet, taken),
  }));
}

/** Whether at least one unit is free on every day. */
export function isFreeThroughout(days: readonly DayAvailability[]): boolean {
  return days.every((day) => day.state === "free" || day.state === "partly");
}
