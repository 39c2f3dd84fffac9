import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { Readable, Transform } from "node:stream";
import { open, type Entry, type ZipFile as ZipReader } from "yauzl";
import { ZipFile as ZipWriter } from "yazl";
import { IMPORT_COLUMNS_MAX } from "../../common/catalogue/catalogue-import.ts";
import { HttpError } from "../core/errors.ts";
import { ROWS_READ_MAX, SHEETS_UNPACKED_MAX_BYTES, WORKBOOK_PARTS_MAX, overPacked } from "./import-budget.ts";

/**
 * An uploaded workbook's ZIP checked by yauzl before exceljs (and its unzipper, which trusts what a ZIP
 * declares) reads it: names that climb out (`../`) or are absolute (yauzl refuses them), macros
 * (`vbaProject.bin`: an .xlsm), links to other workbooks (`xl/externalLinks/`), and more entries,
 * more unpacked bytes or a higher packing ratio than the import's budget (import-budget.ts). The entries
 * are then copied, inflated by yauzl (which checks each against its declared size, so a ZIP that
 * lies about them is caught), into a second ZIP with the workbook's own parts first, the sheets'
 * rows counted on the way (`<row` elements: more than the import's rows and the workbook's own
 * sheets hold is IMPORT_TOO_MANY_ROWS before exceljs builds a single row).
 */

/** The parts exceljs's reader needs before the sheets, in this order; every other entry follows. */
const FIRST_PARTS = [
  "[content_types].xml",
  "_rels/.rels",
  "xl/workbook.xml",
  "xl/_rels/workbook.xml.rels",
  "xl/sharedstrings.xml",
  "xl/styles.xml",
];

const ROW_TAG = Buffer.from("<row");
/** A cell's element (`<c r="A1" …>`, `<c>`): not `<col`, `<cols>`. */
const CELL_TAGS = [Buffer.from("<c "), Buffer.from("<c>")];
/** Cells in all the sheets: as many rows as the import reads, each as wide as it takes. */
const MAX_CELLS = ROWS_READ_MAX * IMPORT_COLUMNS_MAX;

/** `tag`s in `text` that end past its first `carried` bytes (those were counted with the chunk before). */
function occurrences(text: Buffer, tag: Buffer, carried: number): number {
  let count = 0;
  for (let at = text.indexOf(tag); at !== -1; at = text.indexOf(tag, at + 1)) if (at + tag.length > carried) count += 1;
  return count;
}

const unreadable = () => new HttpError(400, "IMPORT_FILE_UNREADABLE");
const bomb = () => new HttpError(400, "IMPORT_FILE_ZIP_BOMB");

function openZip(file: string): Promise<ZipReader> {
  return new Promise((resolve, reject) =>
    open(
      file,
      { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true },
      (error, zip) => (error ? reject(unreadable()) : resolve(zip)),
    ),
  );
}

function entryProblem(entry: Entry): HttpError | undefined {
  const name = entry.fileName.toLowerCase();
  if (name.endsWith("vbaproject.bin")) return new HttpError(400, "IMPORT_FILE_MACROS");
  if (name.startsWith("xl/externallinks/")) return new HttpError(400, "IMPORT_FILE_EXTERNAL_LINKS");
  if (overPacked(entry)) return bomb();
  return undefined;
}

/** Every entry, checked; rejects with the first problem's code. */
async function checkedEntries(zip: ZipReader): Promise<Entry[]> {
  if (zip.entryCount > WORKBOOK_PARTS_MAX) throw bomb();
  const entries: Entry[] = [];
  let unpacked = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on("error", () => reject(unreadable()));
    zip.on("end", () => resolve());
    zip.on("entry", (entry: Entry) => {
      const problem = entryProblem(entry);
      unpacked += entry.uncompressedSize;
      if (problem) return reject(problem);
      if (unpacked > SHEETS_UNPACKED_MAX_BYTES) return reject(bomb());
      entries.push(entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
  return entries;
}

/**
 * The workbook's central directory checked (no entry inflated): the server refuses a file past the
 * budget by what it declares before a child is started for it (import-reading.ts).
 */
export async function checkWorkbookDirectory(file: string): Promise<void> {
  const zip = await openZip(file);
  try {
    await checkedEntries(zip);
  } finally {
    zip.close();
  }
}

function order(entry: Entry): number {
  const index = FIRST_PARTS.indexOf(entry.fileName.toLowerCase());
  return index === -1 ? FIRST_PARTS.length : index;
}

/**
 * Checks the workbook at `file` and writes its entries, the workbook's parts first, to `ordered`;
 * rejects with the first problem's code.
 */
export async function checkedWorkbook(file: string, ordered: string): Promise<void> {
  const zip = await openZip(file);
  // The first problem found while copying: it, not what it broke further on (the next entry's opening), is the answer.
  let failure: HttpError | undefined;
  try {
    const entries = (await checkedEntries(zip)).sort((a, b) => order(a) - order(b));
    const writer = new ZipWriter();
    const output = createWriteStream(ordered, { mode: 0o600 });
    writer.outputStream.pipe(output);
    // An entry that inflates to more or less than it declares fails its stream, and yazl's writer
    // with it (an 'error' without a listener would end the process): the copy stops there.
    const fail = () => {
      failure ??= bomb();
      output.destroy();
    };
    let rows = 0;
    writer.on("error", fail);
    let cells = 0;
    /**
     * A sheet's rows and cells counted as it passes (`<row`, `<c` elements), the copy cut past the
     * import's: a sheet of a million rows, or of rows a million cells wide, never reaches exceljs.
     */
    const countedRows = () => {
      let tail = Buffer.alloc(0);
      return new Transform({
        transform(chunk: Buffer, _encoding, done) {
          const text = Buffer.concat([tail, chunk]);
          rows += occurrences(text, ROW_TAG, tail.length);
          cells += occurrences(text, CELL_TAGS[0], tail.length) + occurrences(text, CELL_TAGS[1], tail.length);
          // A tag cut by the chunk's end is found with the next one: its last bytes are carried over.
          tail = Buffer.from(text.subarray(Math.max(0, text.length - ROW_TAG.length + 1)));
          const problem =
            rows > ROWS_READ_MAX ? "IMPORT_TOO_MANY_ROWS" : cells > MAX_CELLS ? "IMPORT_TOO_MANY_COLUMNS" : undefined;
          if (!problem) return done(null, chunk);
          failure ??= new HttpError(400, problem);
          output.destroy();
          done();
        },
      });
    };
    for (const entry of entries) {
      if (entry.fileName.endsWith("/")) continue;
      // Opened when yazl comes to the entry, one at a time: a workbook of thousands of parts holds one stream open.
      writer.addReadStreamLazy(entry.fileName, (done) => {
        zip.openReadStreamPromise(entry).then(
          (stream: Readable) => {
            stream.on("error", fail);
            done(null, entry.fileName.toLowerCase().startsWith("xl/worksheets/") ? stream.pipe(countedRows()) : stream);
          },
          () => {
            failure ??= unreadable();
            output.destroy();
            done(unreadable(), Readable.from([]));
          },
        );
      });
    }
    writer.end();
    await once(output, "close");
    if (failure) throw failure;
  } catch (error) {
    throw failure ?? (error instanceof HttpError ? error : unreadable());
  } finally {
    zip.close();
  }
}
