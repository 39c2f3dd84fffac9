import type { DayAvailability } from "../../common/bookings/availability.ts";
import { romanianDay } from "../../common/days/romanian-day.ts";
import { availabilityShownIn } from "../../common/bookings/public-availability.ts";
import type { BookingServices } from "./services.ts";
import { listConfiguration } from "../db/repositories/configuration.ts";
import { notFound } from "../core/errors.ts";
import { availabilityOf } from "./availability.ts";

/**
 * A machine's day states as the public availability call gives them (the quote list's warnings):
 * each day's state only, never a booking, and none before today. 404 for a machine that does not exist, and while the
 * configuration hides availability (the site then shows it nowhere).
 */
export async function publicMachineDays(
  services: BookingServices,
  product: string,
  first: string,
  last: string,
): Promise<DayAvailability[]> {
  if (!availabilityShownIn(await listConfiguration(services.db))) throw notFound("AVAILABILITY_NOT_SHOWN");
  // The past is the company's own business (how busy its fleet was): a visitor learns today onwards.
  const today = romanianDay();
  const from = first < today ? today : first;
  const days = (await availabilityOf(services, [product], from, last < from ? from : last)).get(product);
  if (!days) throw notFound("UNKNOWN_AVAILABILITY_PRODUCT");
  return last < from ? [] : days;
}
