import {
  availabilityOfDays,
  daysOfRange,
  isFreeThroughout,
  type DayAvailability,
} from "../../common/bookings/availability.ts";
import { rangeProblem } from "../../common/bookings/booking-days.ts";
import { fleetsOf, takingBookings, type TakingBooking } from "../db/repositories/bookings.ts";
import type { BackOfficeWriter } from "../writes/write-and-renew-pages.ts";

/**
 * The one read of availability, for visitors' pages and the admin alike (decision 070): per machine,
 * each day's state from its fleet and the units its tentative and confirmed bookings take (both
 * count: a machine held for a customer is not offered to the next). Two queries whatever the number
 * of machines; nothing of a booking but its units and days leaves here.
 */

type Reader = Pick<BackOfficeWriter, "db">;

/**
 * For each machine of `productIds` that exists, one entry per day from `firstDay` to `lastDay` (both
 * included, at most 366 days: a longer or reversed range is the caller's error).
 */
export async function availabilityOf(
  services: Reader,
  productIds: readonly string[],
  firstDay: string,
  lastDay: string,
): Promise<Map<string, DayAvailability[]>> {
  const days = daysAsked(firstDay, lastDay);
  const unique = [...new Set(productIds)];
  const [fleets, bookings] = await Promise.all([
    fleetsOf(services.db, unique),
    takingBookings(services.db, unique, firstDay, lastDay),
  ]);
  const byProduct = new Map<string, TakingBooking[]>();
  for (const booking of bookings) {
    const list = byProduct.get(booking.product_id);
    if (list) list.push(booking);
    else byProduct.set(booking.product_id, [booking]);
  }
  const result = new Map<string, DayAvailability[]>();
  for (const [productId, fleet] of fleets) {
    result.set(productId, availabilityOfDays(fleet, byProduct.get(productId) ?? [], days));
  }
  return result;
}

/**
 * One machine's days, its fleet read with the machine (a product page's): its bookings are the one
 * query, which the page's uncached render feels.
 */
export async function availabilityOfMachine(
  services: Reader,
  machine: { uuid: string; units: number },
  firstDay: string,
  lastDay: string,
): Promise<DayAvailability[]> {
  const days = daysAsked(firstDay, lastDay);
  return availabilityOfDays(machine.units, await takingBookings(services.db, [machine.uuid], firstDay, lastDay), days);
}

function daysAsked(firstDay: string, lastDay: string): string[] {
  if (rangeProblem(firstDay, lastDay)) throw new RangeError(`Not an availability range: ${firstDay} to ${lastDay}`);
  return daysOfRange(firstDay, lastDay);
}

/** The machines of `productIds` with at least one unit free on every day from `firstDay` to `lastDay`. */
export async function productsFreeThroughout(
  services: Reader,
  productIds: readonly string[],
  firstDay: string,
  lastDay: string,
): Promise<Set<string>> {
  const availability = await availabilityOf(services, productIds, firstDay, lastDay);
  return new Set([...availability].filter(([, days]) => isFreeThroughout(days)).map(([productId]) => productId));
}
