import { timingSafeEqual } from "node:crypto";
import type { ICalCalendar } from "ical-generator";
import { FILTER_DAYS, addDays, romanianDay } from "../../common/days/romanian-day.ts";
import { addAllDayEvent, calendarText, dayCalendar } from "./all-day-events.ts";
import { logActivity, type Actor } from "../activity/activity-log.ts";
import { hashToken, randomToken } from "../auth/random-tokens.ts";
import { HttpError } from "../core/errors.ts";
import { bookingFeedTokenHash, replaceBookingFeedTokenHash } from "../db/repositories/app-state.ts";
import { listBookings, type BookingWithProduct } from "../db/repositories/bookings.ts";
import type { BackOfficeWriter } from "../writes/write-and-renew-pages.ts";

/**
 * The bookings as an iCalendar feed (RFC 5545, decision 071), read-only, for the whole fleet or one
 * machine, at an address holding a secret token: a calendar client (Google Calendar, Outlook, a
 * phone) subscribes to it. Only the token's hash is kept; renewing it ends the old address at once.
 */

type Reader = Pick<BackOfficeWriter, "db">;

/** How far back the feed goes: a calendar keeps what it has already shown. */
const FEED_PAST_DAYS = 90;

/** The feed's address for a token, under /api (the `.ics` file name lets clients and people recognise it). */
export const feedPath = (token: string) => `/api/bookings/feed/${token}/rezervari.ics`;

/** A new address for the feed; the old one ends with the same commit, which the log records (never the token). */
export async function renewFeedToken(services: Reader, actor: Actor): Promise<{ path: string }> {
  const token = randomToken();
  await services.db.transaction().execute(async (trx) => {
    await replaceBookingFeedTokenHash(trx, hashToken(token));
    await logActivity(trx, actor, {
      action: "update",
      kind: "configuration",
      itemId: null,
      itemName: "Calendarul rezervarilor",
      summary: "Adresa calendarului rezervarilor reinnoita: cea veche nu mai functioneaza",
    });
  });
  return { path: feedPath(token) };
}

export async function feedActive(services: Reader): Promise<boolean> {
  return (await bookingFeedTokenHash(services.db)) !== undefined;
}

/** Whether `token` is the feed's current token. */
async function isCurrentFeed(services: Reader, token: string): Promise<boolean> {
  const stored = await bookingFeedTokenHash(services.db);
  if (stored === undefined) return false;
  const sent = Buffer.from(hashToken(token));
  const kept = Buffer.from(stored);
  return sent.length === kept.length && timingSafeEqual(sent, kept);
}

/**
 * The event of a booking: its days, a stable UID, the machine, units and state in the summary; its
 * note, and of its request only the id, in the description (the feed is the company's own, behind
 * the token).
 */
function addEvent(calendar: ICalCalendar, booking: BookingWithProduct): void {
  const description = [booking.note, booking.lead_id ? `Cerere: ${booking.lead_id}` : ""].filter(Boolean).join("\n\n");
  addAllDayEvent(calendar, {
    uid: `${booking.id}@utilaje`,
    sequence: booking.version - 1,
    stamp: new Date(booking.updated_at),
    created: new Date(booking.created_at),
    firstDay: booking.first_day,
    lastDay: booking.last_day,
    summary: `${booking.product_model} x${booking.units} (${booking.state})${booking.overbooked ? " suprarezervat" : ""}`,
    description,
    confirmed: booking.state === "confirmat",
  });
}

/**
 * The feed's text for `token`, of one machine (`productId`) or all: the bookings that take units and
 * end at most FEED_PAST_DAYS ago. A token that is not the current one is a 404.
 */
export async function bookingFeed(services: Reader, token: string, productId: string | undefined): Promise<string> {
  if (!(await isCurrentFeed(services, token))) throw new HttpError(404, "ERROR_BOOKING_FEED");
  const rows = await listBookings(services.db, {
    days: { first: addDays(romanianDay(), -FEED_PAST_DAYS), last: FILTER_DAYS.last },
    productId,
  });
  const calendar = dayCalendar("Rezervari utilaje", "rezervari");
  for (const booking of rows) if (booking.state !== "anulat") addEvent(calendar, booking);
  return calendarText(calendar);
}
