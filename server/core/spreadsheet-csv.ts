import { stringify } from "csv-stringify/sync";
import { formulaSafe } from "../../common/text/formula-safe.ts";

/**
 * A CSV file for Excel and LibreOffice, the one rule of every export: UTF-8 with a byte-order mark
 * (without it Excel reads the file as ANSI and mangles ă, ș, ț); every field quoted; every text
 * formula-safe (common/text/formula-safe.ts), so a "=HYPERLINK(...)" someone typed stays text in the
 * spreadsheet; numbers stay numbers.
 */
export function spreadsheetCsv(header: readonly string[], rows: readonly CsvRow[]): string {
  return csvText([header, ...rows], true);
}

type CsvRow = readonly (string | number | null)[];

function csvText(rows: readonly CsvRow[], bom: boolean): string {
  const safe = (cell: string | number | null) => (typeof cell === "string" ? formulaSafe(cell) : cell);
  return stringify(
    rows.map((row) => row.map(safe)),
    { bom, quoted: true, quoted_empty: true, record_delimiter: "windows" },
  );
}

/**
 * The same file as a stream, for exports of many rows: `pages` is read one page when the reader
 * wants more (a pull stream: a slow download holds the reading, not the server's memory), each page
 * after a turn of the event loop (SQLite's driver answers without one), written as it comes. A page
 * that fails ends the download with the error, which the caller's `failed` hears once.
 */
export function spreadsheetCsvStream(
  header: readonly string[],
  pages: AsyncIterator<readonly CsvRow[]>,
  failed: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(csvText([header], true)));
      },
      async pull(controller) {
        try {
          await new Promise((resolve) => setImmediate(resolve));
          const page = await pages.next();
          if (page.done) return controller.close();
          if (page.value.length > 0) controller.enqueue(encoder.encode(csvText(page.value, false)));
        } catch (error) {
          failed(error);
          controller.error(error);
        }
      },
      async cancel() {
        await pages.return?.();
      },
    },
    // One page queued ahead at most: the next is read when the download has taken this one.
    { highWaterMark: 1 },
  );
}

/**
 * Rows read a page at a time by `read`, from after the last row of the page before (a keyset:
 * never an offset, which would read every row before it again), up to `max` rows in all.
 */
export async function* keysetPages<Row>(
  read: (after: Row | undefined, limit: number) => Promise<Row[]>,
  pageSize: number,
  max: number,
): AsyncGenerator<Row[]> {
  let after: Row | undefined;
  for (let taken = 0; taken < max;) {
    const rows = await read(after, Math.min(pageSize, max - taken));
    if (rows.length === 0) return;
    taken += rows.length;
    after = rows[rows.length - 1];
    yield rows;
    if (rows.length < pageSize) return;
  }
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
