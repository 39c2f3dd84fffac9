import { open, type Entry, type ZipFile } from "yauzl";
import { HttpError } from "../core/errors.ts";

/**
 * An uploaded workbook's ZIP checked by yauzl before exceljs (and its unzipper, which trusts what a ZIP
 * declares) reads it: names that climb out (`../`) or are absolute (yauzl refuses them), macros
 * (`vbaProject.bin`: an .xlsm), links to other workbooks (`xl/externalLinks/`), and more entries,
 * more declared unpacked bytes or a higher packing ratio than a spreadsheet of 5 000 rows has. A ZIP
 * that lies about its sizes is not caught here (exceljs inflates what it finds): the row limit stops
 * its sheet's reading.
 */

const MAX_ENTRIES = 10_000;
/** Unpacked bytes in all: a 5 000-row export is a few MB; 20 MB of rich text per cell at worst. */
const MAX_UNPACKED_BYTES = 400 * 1024 * 1024;
/** The largest ratio of an entry's unpacked to packed size (text deflates about 10:1, a bomb 1000:1). */
const MAX_RATIO = 200;

const unreadable = () => new HttpError(400, "IMPORT_FILE_UNREADABLE");

function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    open(file, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, zip) =>
      error ? reject(unreadable()) : resolve(zip),
    ),
  );
}

function entryProblem(entry: Entry): HttpError | undefined {
  const name = entry.fileName.toLowerCase();
  if (name.endsWith("vbaproject.bin")) return new HttpError(400, "IMPORT_FILE_MACROS");
  if (name.startsWith("xl/externallinks/")) return new HttpError(400, "IMPORT_FILE_EXTERNAL_LINKS");
  if (entry.uncompressedSize > MAX_RATIO * Math.max(entry.compressedSize, 1024))
    return new HttpError(400, "IMPORT_FILE_ZIP_BOMB");
  return undefined;
}

/** Resolves when the workbook's ZIP passes every check; rejects with the first problem's code. */
export async function checkWorkbookZip(file: string): Promise<void> {
  const zip = await openZip(file);
  try {
    if (zip.entryCount > MAX_ENTRIES) throw new HttpError(400, "IMPORT_FILE_ZIP_BOMB");
    let unpacked = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on("error", () => reject(unreadable()));
      zip.on("end", () => resolve());
      zip.on("entry", (entry: Entry) => {
        const problem = entryProblem(entry);
        unpacked += entry.uncompressedSize;
        if (problem) return reject(problem);
        if (unpacked > MAX_UNPACKED_BYTES) return reject(new HttpError(400, "IMPORT_FILE_ZIP_BOMB"));
        zip.readEntry();
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}
