import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { Transform, type Readable } from "node:stream";
import { open, type Entry, type ZipFile } from "yauzl";
import { IMPORT_FILE_MAX_BYTES, IMPORT_PICTURES_MAX_BYTES } from "../../common/catalogue/catalogue-import.ts";
import { HttpError } from "../core/errors.ts";
import { SHEETS_UNPACKED_MAX_BYTES, ZIP_ENTRIES_MAX, overPacked } from "./import-budget.ts";
import { pictureOfEntry } from "./picture-names.ts";
import { sheetRows, type SheetRow } from "./sheet-rows.ts";

/**
 * An uploaded ZIP of the catalogue with its pictures (decision 079), made as the export makes it:
 * the workbook (`catalog.xlsx`, or the one .xlsx at its root) or CSVs at its root, and a folder per
 * machine of pictures named by picture-names.ts. Only the central directory is read when it is
 * opened; an entry is inflated when it is asked for, one at a time (yauzl, lazily), so memory holds
 * one picture at most. yauzl refuses names that climb out (`../`) or are absolute, and checks each
 * entry against its declared size as it inflates. Files that are neither a sheet nor a picture are
 * left unread.
 */

export interface PictureEntry {
  /** The entry's path in the ZIP ("cat-320-gc/01-antet.jpg"). */
  name: string;
  /** 0 the header picture, then the gallery's places. */
  place: number;
  /** Unpacked bytes, as the ZIP declares them (and yauzl holds it to). */
  size: number;
}

export interface ImportPictures {
  /** A folder's pictures in their order, or undefined when the ZIP has no such folder. */
  folder(name: string): readonly PictureEntry[] | undefined;
  /** A picture's first bytes, enough to tell its type. */
  head(entry: PictureEntry): Promise<Buffer>;
  /** A picture's bytes. */
  bytes(entry: PictureEntry): Promise<Buffer>;
}

export interface ImportZip {
  pictures: ImportPictures;
  /** The rows of the ZIP's workbook or CSVs, as sheet-rows.ts reads them. */
  rows(): AsyncGenerator<SheetRow>;
  close(): void;
}

/** Enough for every type the form takes: a BMP is told by its 54-byte headers. */
const HEAD_BYTES = 64;

const unreadable = () => new HttpError(400, "IMPORT_FILE_UNREADABLE");

function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    open(
      file,
      { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true },
      (error, zip) => (error ? reject(unreadable()) : resolve(zip)),
    ),
  );
}

/** Every entry's metadata (the central directory only: nothing is inflated). */
async function entriesOf(zip: ZipFile): Promise<Entry[]> {
  if (zip.entryCount > ZIP_ENTRIES_MAX) throw new HttpError(400, "IMPORT_FILE_ZIP_BOMB");
  const entries: Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on("error", () => reject(unreadable()));
    zip.on("end", () => resolve());
    zip.on("entry", (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
  return entries;
}

/** The sheets: the root's workbook (catalog.xlsx when there are several), else the root's CSVs. */
function sheetEntries(entries: readonly Entry[]): { kind: "xlsx" | "csv"; entries: Entry[] } {
  const atRoot = (extension: string) =>
    entries.filter((entry) => !entry.fileName.includes("/") && entry.fileName.toLowerCase().endsWith(extension));
  const workbooks = atRoot(".xlsx");
  const workbook = workbooks.find((entry) => entry.fileName.toLowerCase() === "catalog.xlsx") ?? workbooks[0];
  if (workbook) return { kind: "xlsx", entries: [workbook] };
  return { kind: "csv", entries: atRoot(".csv") };
}

export async function openImportZip(file: string): Promise<ImportZip> {
  const zip = await openZip(file);
  try {
    const entries = await entriesOf(zip);
    const folders = new Map<string, (PictureEntry & { entry: Entry })[]>();
    let pictureBytes = 0;
    for (const entry of entries) {
      const picture = pictureOfEntry(entry.fileName);
      if (!picture) continue;
      pictureBytes += entry.uncompressedSize;
      const list = folders.get(picture.folder) ?? [];
      list.push({ name: entry.fileName, place: picture.place, size: entry.uncompressedSize, entry });
      folders.set(picture.folder, list);
    }
    if (pictureBytes > IMPORT_PICTURES_MAX_BYTES) throw new HttpError(413, "IMPORT_PICTURES_TOO_LARGE");
    for (const list of folders.values()) list.sort((a, b) => a.place - b.place);
    const byName = new Map(entries.map((entry) => [entry.fileName, entry]));
    const sheets = sheetEntries(entries);
    // What the sheets declare, checked when the ZIP is opened (by the server, before a child reads them).
    let declared = 0;
    for (const entry of sheets.entries) {
      if (entry.uncompressedSize > IMPORT_FILE_MAX_BYTES) throw new HttpError(413, "IMPORT_FILE_TOO_LARGE");
      declared += entry.uncompressedSize;
      if (overPacked(entry) || declared > SHEETS_UNPACKED_MAX_BYTES) throw new HttpError(400, "IMPORT_FILE_ZIP_BOMB");
    }

    const stream = async (name: string): Promise<Readable> => {
      const entry = byName.get(name);
      if (!entry) throw unreadable();
      return zip.openReadStreamPromise(entry).catch(() => Promise.reject(unreadable()));
    };
    const bytes = async (entry: PictureEntry, limit = entry.size): Promise<Buffer> => {
      const chunks: Buffer[] = [];
      let length = 0;
      const source = await stream(entry.name);
      try {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          chunks.push(chunk);
          length += chunk.length;
          if (length >= limit) break;
        }
      } catch {
        throw new HttpError(400, "IMPORT_FILE_ZIP_BOMB");
      } finally {
        source.destroy();
      }
      return Buffer.concat(chunks).subarray(0, limit);
    };

    /**
     * A sheet's entry copied to a file beside the upload, then read: each at most the file limit,
     * within the packing ratio, and all of them together within the sheets' unpacked budget (as
     * declared, checked when the ZIP is opened, then as inflated), so ten CSVs weigh as one workbook does.
     */
    async function* rows(): AsyncGenerator<SheetRow> {
      if (sheets.entries.length === 0) throw new HttpError(400, "IMPORT_NO_SHEET");
      let unpacked = 0;
      for (const [index, entry] of sheets.entries.entries()) {
        const copy = `${file}.${index}.${sheets.kind}`;
        try {
          let copied = 0;
          const counted = new Transform({
            transform(chunk: Buffer, _encoding, done) {
              copied += chunk.length;
              unpacked += chunk.length;
              const problem =
                copied > IMPORT_FILE_MAX_BYTES
                  ? new HttpError(413, "IMPORT_FILE_TOO_LARGE")
                  : unpacked > SHEETS_UNPACKED_MAX_BYTES
                    ? new HttpError(400, "IMPORT_FILE_ZIP_BOMB")
                    : null;
              done(problem, chunk);
            },
          });
          await pipeline(await stream(entry.fileName), counted, createWriteStream(copy, { mode: 0o600 })).catch(
            (error: unknown) =>
              Promise.reject(error instanceof HttpError ? error : new HttpError(400, "IMPORT_FILE_ZIP_BOMB")),
          );
          yield* sheetRows(copy, sheets.kind, entry.fileName.replace(/\.csv$/i, ""));
        } finally {
          await rm(copy, { force: true });
        }
      }
    }

    return {
      pictures: {
        folder: (name) => folders.get(name.toLocaleLowerCase("ro-RO")),
        head: (entry) => bytes(entry, HEAD_BYTES),
        bytes: (entry) => bytes(entry),
      },
      rows,
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
