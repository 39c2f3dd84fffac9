import { createReadStream } from "node:fs";
import { parse } from "csv-parse";
import { IMPORT_COLUMNS_MAX } from "../../common/catalogue/catalogue-import.ts";
import { HttpError } from "../core/errors.ts";
import type { CellInput } from "./specification-cell.ts";
import { rm } from "node:fs/promises";
import { ROWS_READ_MAX } from "./import-budget.ts";
import { checkedWorkbook } from "./zip-checks.ts";

/**
 * An uploaded spreadsheet's rows, read as they stream from its file: a workbook's sheets (after
 * zip-checks.ts) or a CSV's one sheet (UTF-8, its byte-order mark skipped). A cell is its text, number
 * or boolean; a formula is marked so the import refuses its cell. Read in the import's child
 * (read-import-job.ts), which counts the rows of every sheet against the import's budget; a sheet
 * numbered past it is refused here before its rows are walked.
 */

export const FORMULA = Symbol("formula");
export type SheetCell = CellInput | typeof FORMULA;

export interface SheetRow {
  sheet: string;
  /** 1-based, as the spreadsheet numbers it. */
  row: number;
  cells: SheetCell[];
}

const tooMany = () => new HttpError(400, "IMPORT_TOO_MANY_ROWS");
const tooWide = () => new HttpError(400, "IMPORT_TOO_MANY_COLUMNS");

/**
 * Counts a CSV's fields per record as its text arrives, before csv-parse builds a record: a line of
 * a million commas (a 20 MB file holds ten million) is refused at its 81st field, not held as an
 * array. Separators inside quotes are text; a doubled quote toggles twice and changes nothing.
 */
function csvWidthCheck(): (text: string) => void {
  let quoted = false;
  let fields = 1;
  return (text) => {
    for (let index = 0; index < text.length; index += 1) {
      const char = text.charCodeAt(index);
      if (char === 0x22) quoted = !quoted;
      else if (quoted) continue;
      else if (char === 0x2c && ++fields > IMPORT_COLUMNS_MAX) throw tooWide();
      else if (char === 0x0a || char === 0x0d) fields = 1;
    }
  };
}

/** A workbook cell's value as the import reads it (rich text runs joined, a hyperlink its text). */
function workbookCell(value: unknown): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("formula" in value || "sharedFormula" in value) return FORMULA;
    if ("richText" in value && Array.isArray(value.richText))
      return value.richText.map((run: { text?: unknown }) => String(run.text ?? "")).join("");
    if ("text" in value) return String(value.text);
  }
  return null;
}

async function* workbookRows(file: string): AsyncGenerator<SheetRow> {
  const ordered = `${file}.ordered.xlsx`;
  try {
    await checkedWorkbook(file, ordered);
    yield* orderedWorkbookRows(ordered);
  } finally {
    await rm(ordered, { force: true });
  }
}

/**
 * The checked workbook, loaded whole (at most 20 MB, its rows counted by zip-checks.ts): exceljs's
 * streaming reader rests on unzipper 0.10, which ended before the last sheets of a 300-sheet export
 * (a different number each time); its whole-file reader rests on JSZip.
 */
async function* orderedWorkbookRows(file: string): AsyncGenerator<SheetRow> {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(file);
  } catch {
    throw new HttpError(400, "IMPORT_FILE_UNREADABLE");
  }
  for (const worksheet of workbook.worksheets) {
    if (worksheet.rowCount > ROWS_READ_MAX) throw tooMany();
    for (let number = 1; number <= worksheet.rowCount; number += 1) {
      const values = worksheet.getRow(number).values;
      if (Array.isArray(values) && values.length - 1 > IMPORT_COLUMNS_MAX) throw tooWide();
      yield {
        sheet: worksheet.name,
        row: number,
        cells: Array.from(Array.isArray(values) ? values.slice(1) : [], workbookCell),
      };
    }
  }
}

async function* csvRows(file: string, sheet: string): AsyncGenerator<SheetRow> {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: false });
  const source = createReadStream(file);
  const checkWidth = csvWidthCheck();
  const feeding = (async () => {
    try {
      for await (const chunk of source) {
        const text = decoder.decode(chunk as Buffer, { stream: true });
        checkWidth(text);
        parser.write(text);
      }
      parser.write(decoder.decode());
      parser.end();
    } catch (error) {
      parser.destroy(error instanceof HttpError ? error : new HttpError(400, "IMPORT_CSV_ENCODING"));
    }
  })();
  let row = 0;
  try {
    for await (const record of parser) {
      row += 1;
      yield { sheet, row, cells: record as string[] };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, "IMPORT_FILE_UNREADABLE");
  } finally {
    source.destroy();
    await feeding;
  }
}

export function sheetRows(file: string, kind: "xlsx" | "csv", csvSheet: string): AsyncGenerator<SheetRow> {
  return kind === "xlsx" ? workbookRows(file) : csvRows(file, csvSheet);
}
