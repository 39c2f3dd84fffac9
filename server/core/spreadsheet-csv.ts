import { stringify } from "csv-stringify/sync";

/**
 * A CSV file for Excel and LibreOffice, the one rule of every export: UTF-8 with a byte-order mark
 * (without it Excel reads the file as ANSI and mangles ă, ș, ț); every field quoted; a field that
 * starts with = + - @ (or a tab / CR) gets a leading apostrophe, so a "=HYPERLINK(...)" someone typed
 * stays text in the spreadsheet (CSV / formula injection).
 */
export function spreadsheetCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return stringify([header, ...rows], {
    bom: true,
    quoted: true,
    quoted_empty: true,
    escape_formulas: true,
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
