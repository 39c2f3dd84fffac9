/** Days and moments as the company writes them, on every screen that shows one. */

const dateTime = new Intl.DateTimeFormat("ro-RO", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "Europe/Bucharest",
});

/** A moment as the company reads it: Romanian local time. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** A Romanian calendar day ('2026-12-01') as the company writes it: 01.12.2026. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}.${month}.${year}`;
}
