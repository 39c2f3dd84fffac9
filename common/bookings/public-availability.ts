import { showsAvailability } from "../schemas/configuration-keys.ts";

/** What visitors are shown of availability, and where. */

/** The public call that gives a machine's day states (`?product=<uuid>&from=YYYY-MM-DD&to=YYYY-MM-DD`). */
export const AVAILABILITY_PATH = "/api/availability";

/** The days a product page's calendar shows, and the quote list names as booked: eight weeks from today. */
export const CALENDAR_DAYS = 56;

/** Whether the configuration's entries show availability on the public pages (the switch show_availability). */
export function availabilityShownIn(entries: readonly { key: string; value: string }[]): boolean {
  return showsAvailability(entries.find((entry) => entry.key === "show_availability")?.value);
}
