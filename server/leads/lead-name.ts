import { romanianDay } from "../../common/days/romanian-day.ts";

/** A request as the activity log names it: by its day, never by the person (whose erasure the log must not undo). */
export function leadName(createdAt: string): string {
  return `Cererea din ${romanianDay(new Date(createdAt))}`;
}
