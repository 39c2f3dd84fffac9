import type { Entry } from "yauzl";
import { IMPORT_ROWS_MAX } from "../../common/catalogue/catalogue-import.ts";
import { IMAGE_COUNT_LIMIT, RICH_TEXT_MAX_LENGTH } from "../../common/fields/field-rules.ts";

/**
 * The import's one budget (decision 076), for every path a sheet comes in by: a workbook, a CSV, a
 * ZIP's workbook or root CSVs. Each is read in the import's child process (import-reading.ts), so
 * the budget bounds the child's work; the child's heap cap and time limit bound what slips past it.
 */

/**
 * Unpacked bytes of the sheets in all (a workbook's parts, or a ZIP's CSVs together). A 5 000-row
 * export is a few MB; exceljs loads a workbook whole, so this bounds the child's heap.
 */
export const SHEETS_UNPACKED_MAX_BYTES = 24 * 1024 * 1024;

/** The largest ratio of an entry's unpacked to packed size (text deflates about 10:1, a bomb 1000:1). */
export const PACKING_RATIO_MAX = 200;

/** Parts of a workbook: an export has a few per sheet. */
export const WORKBOOK_PARTS_MAX = 10_000;

/** Entries of an import's ZIP: a header picture and a full gallery per row, and room for a program's own files. */
export const ZIP_ENTRIES_MAX = IMPORT_ROWS_MAX * (IMAGE_COUNT_LIMIT + 1) + 1000;

/** Rows beyond the import's: the headers, the read-me and the note. */
export const ROWS_ROOM = 1000;

/**
 * Rows read from every sheet of the file, whether or not it has the export's headers: ten sheets
 * the preview skips are read all the same, so they count.
 */
export const ROWS_READ_MAX = IMPORT_ROWS_MAX + ROWS_ROOM;

/**
 * A cell's characters as read: one past the longest a field takes, so a longer cell is still
 * refused by its field's rule, without carrying megabytes of it any further.
 */
export const CELL_MAX_CHARS = RICH_TEXT_MAX_LENGTH + 1;

/** An entry that unpacks to more than the ratio allows (a small floor, so a tiny part is never refused). */
export const overPacked = (entry: Pick<Entry, "compressedSize" | "uncompressedSize">): boolean =>
  entry.uncompressedSize > PACKING_RATIO_MAX * Math.max(entry.compressedSize, 1024);
