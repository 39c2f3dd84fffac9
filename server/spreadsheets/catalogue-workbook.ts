import { once } from "node:events";
import type { Writable } from "node:stream";
import type { Worksheet } from "exceljs";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { formulaSafe } from "../../common/text/formula-safe.ts";
import { categoryColumns, type CellValue, type SheetColumn } from "./catalogue-columns.ts";
import { README_LINES, README_SHEET, NOTE_LINES, NOTE_SHEET } from "./workbook-texts.ts";
import { sheetName, takenSheetNames } from "./sheet-names.ts";

/**
 * The catalogue's workbook, written as a stream (exceljs's streaming WorkbookWriter): a sheet is
 * written and let go before the next category is read, so the workbook never sits whole in memory.
 * "Cititi-ma" first, a sheet per category (its name in the tab), then "Note". exceljs, about 37 MB
 * once loaded, is loaded by the first export (decision 050).
 */

/** A column's width in characters: its longest line, between these bounds. */
const WIDTH_MIN = 8;
const WIDTH_MAX = 60;

function longestLine(value: CellValue): number {
  if (value === null) return 0;
  if (typeof value === "number") return String(value).length;
  let longest = 0;
  for (const line of value.split("\n")) longest = Math.max(longest, line.length);
  return longest;
}

/** A text cell formula-safe; a number as it is. */
function safeCell(value: CellValue): CellValue {
  return typeof value === "string" ? formulaSafe(value) : value;
}

/** One category's rows, with widths that fit its longest cells and a frozen header row. */
function writeCategorySheet(sheet: Worksheet, columns: readonly SheetColumn[], products: readonly ProductView[]): void {
  const rows = products.map((product) => columns.map((column) => safeCell(column.cell(product))));
  sheet.columns = columns.map((column, index) => ({
    header: column.header,
    width: Math.min(
      WIDTH_MAX,
      Math.max(WIDTH_MIN, column.header.length + 2, ...rows.map((row) => longestLine(row[index]) + 2)),
    ),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (const row of rows) {
    const written = sheet.addRow(row);
    written.alignment = { wrapText: true, vertical: "top" };
    written.commit();
  }
  sheet.commit();
}

function writeTextSheet(sheet: Worksheet, lines: readonly string[]): void {
  sheet.columns = [{ width: 110 }];
  for (const line of lines) sheet.addRow([formulaSafe(line)]).commit();
  sheet.commit();
}

/** What the export reads, one category at a time: its machines, in the list's order. */
export type ProductsOf = (category: CategoryView) => Promise<ProductView[]>;

/**
 * Writes the workbook of `categories` to `output`, then ends it. Waits for `output` to drain after each
 * category, so a slow download holds the reading of the next one rather than piling up in memory.
 */
export async function writeCatalogueWorkbook(
  output: Writable,
  categories: readonly CategoryView[],
  productsOf: ProductsOf,
): Promise<void> {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const taken = takenSheetNames([README_SHEET, NOTE_SHEET]);
  writeTextSheet(workbook.addWorksheet(README_SHEET), README_LINES);
  for (const category of categories) {
    const sheet = workbook.addWorksheet(sheetName(category.name, taken), {
      views: [{ state: "frozen", ySplit: 1, xSplit: 0 }],
    });
    writeCategorySheet(sheet, categoryColumns(category), await productsOf(category));
    if (output.writableNeedDrain) await once(output, "drain");
  }
  writeTextSheet(workbook.addWorksheet(NOTE_SHEET), NOTE_LINES);
  await workbook.commit();
}
