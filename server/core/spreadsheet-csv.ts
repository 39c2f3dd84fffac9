import { stringify } from "csv-stringify/sync";
import { formulaSafe } from "../../common/text/formula-safe.ts";

/**
 * A CSV file for Excel and LibreOffice, the one rule of every export: UTF-8 with a byte-order mark
 * (without it Excel reads the file as ANSI and mangles ă, ș, ț); every field quoted; every text
 * formula-safe (common/text/formula-safe.ts), so a "=HYPERLINK(...)" someone typed stays text in the
 * spreadsheet; numbers stay numbers.
 */
export function spreadsheetCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  const safe = (cell: string | number | null) => (typeof cell === "string" ? formulaSafe(cell) : cell);
  return stringify([header.map(formulaSafe), ...rows.map((row) => row.map(safe))], {
    bom: true,
    quoted: true,
    quoted_empty: true,
    record_delimiter: "windows",
  });
}

let localTime: Intl.DateTimeFormat | undefined;

/**
 * A date as the company reads it: Romanian local time. The formatter is made by the first export:
 * with it ICU loads its time-zone and locale data, about 8 MB resident that a server which exports
 * nothing does not need (decision 50).
 */
export function spreadsheetDate(iso: string): string {
  localTime ??= new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Bucharest",
    dateStyle: "short",
    timeStyle: "short",
  });
  return localTime.format(new Date(iso));
}
