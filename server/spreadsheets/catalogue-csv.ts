import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { spreadsheetCsv } from "../core/spreadsheet-csv.ts";
import { categoryColumns } from "./catalogue-columns.ts";

/**
 * A category's sheet as CSV: the workbook's columns and cells, by the one rule of the site's CSV files
 * (server/core/spreadsheet-csv.ts: BOM, quoted, formula-safe), numbers with a point for decimals and no
 * grouping (what any program reads back).
 */
export function categoryCsv(category: CategoryView, products: readonly ProductView[]): Buffer {
  const columns = categoryColumns(category);
  const rows = products.map((product) => columns.map((column) => column.cell(product)));
  return Buffer.from(
    spreadsheetCsv(
      columns.map((column) => column.header),
      rows,
    ),
  );
}
