import { randomUUID } from "node:crypto";
import type { BookingState } from "../../common/bookings/booking-states.ts";
import { addDays, romanianDay } from "../../common/days/romanian-day.ts";
import type { NewBooking, NewProduct } from "../db/schema.ts";

/**
 * The demo's fleet and bookings (decision 070): a few machines with several units or none, and
 * bookings in the coming weeks, counted from the day the seed runs, so that a machine's calendar and
 * the planner show every state: free, partly booked, booked, on request, a cancelled booking and one
 * confirmed knowingly beyond the fleet. Machines not named here have one unit and no booking.
 */

/** Units in the fleet by model; 0: on request. */
export const DEMO_FLEET: Readonly<Record<string, number>> = {
  "Kubota KX057-5": 2,
  "Komatsu PC210LC-11": 3,
  "Volvo L120H": 0,
  "JLG 450AJ": 1,
  "Genie S-65": 2,
};

interface DemoBooking {
  model: string;
  units: number;
  /** Days from the seed's day, both included. */
  from: number;
  to: number;
  state: BookingState;
  overbooked?: boolean;
  note: string;
}

const DEMO_BOOKINGS: readonly DemoBooking[] = [
  // Both units out for a week, then one held: booked, then partly.
  { model: "Kubota KX057-5", units: 2, from: 2, to: 9, state: "confirmat", note: "Santier Cluj-Napoca, doua utilaje" },
  { model: "Kubota KX057-5", units: 1, from: 10, to: 12, state: "tentativ", note: "Asteapta confirmarea clientului" },
  { model: "Komatsu PC210LC-11", units: 1, from: 1, to: 5, state: "confirmat", note: "Cu operator" },
  { model: "JLG 450AJ", units: 1, from: 14, to: 20, state: "confirmat", note: "Fatada bloc, Floresti" },
  {
    model: "JLG 450AJ",
    units: 1,
    from: 18,
    to: 19,
    state: "confirmat",
    overbooked: true,
    note: "Confirmat peste flota: se inchiriaza o nacela de la partener",
  },
  { model: "Genie S-65", units: 1, from: 3, to: 4, state: "anulat", note: "Anulat de client" },
];

/** The demo bookings of the planned machines, from `now`'s day in Romania. */
export function planDemoBookings(products: readonly NewProduct[], now: string): NewBooking[] {
  const today = romanianDay(new Date(now));
  return DEMO_BOOKINGS.map((booking): NewBooking => {
    const product = products.find((candidate) => candidate.model === booking.model);
    if (!product) throw new Error(`Demo booking names an unknown machine: ${booking.model}`);
    return {
      id: randomUUID(),
      product_id: product.id,
      units: booking.units,
      first_day: addDays(today, booking.from),
      last_day: addDays(today, booking.to),
      state: booking.state,
      overbooked: booking.overbooked ? 1 : 0,
      note: booking.note,
      lead_id: null,
      created_at: now,
      updated_at: now,
    };
  });
}
