import ical, { ICalEventStatus, type ICalCalendar } from "ical-generator";
import { addDays } from "../../common/days/romanian-day.ts";

/**
 * The iCalendar writing of booked days (RFC 5545), shared by the bookings' feed (decision 071) and a
 * rental's confirmation (decision 097): ical-generator escapes the texts, folds long lines and ends
 * every line with CRLF; days are all-day events whose end is the day after the last (exclusive).
 */

export interface AllDayEvent {
  /** Stable across writings, so a calendar updates the event rather than adding another. */
  uid: string;
  firstDay: string;
  lastDay: string;
  summary: string;
  description: string;
  confirmed: boolean;
  stamp: Date;
  sequence?: number;
  created?: Date;
}

/** A calendar without a time zone of its own: all-day events are the same days everywhere. */
export function dayCalendar(name: string, product: string): ICalCalendar {
  return ical({ name, prodId: { company: "utilaje", product, language: "RO" }, timezone: null });
}

/** An all-day event's bound: the Romanian day as its UTC midnight (the writer takes its UTC date). */
const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

export function addAllDayEvent(calendar: ICalCalendar, event: AllDayEvent): void {
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence ?? 0,
    stamp: event.stamp,
    lastModified: event.stamp,
    ...(event.created ? { created: event.created } : {}),
    allDay: true,
    start: dateOf(event.firstDay),
    end: dateOf(addDays(event.lastDay, 1)),
    summary: event.summary,
    description: event.description || null,
    status: event.confirmed ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
  });
}

/** The calendar's text: every content line ends with CRLF, the last one too (RFC 5545 § 3.1). */
export function calendarText(calendar: ICalCalendar): string {
  const text = calendar.toString();
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}
