import { stringify } from "csv-stringify/sync";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { formulaSafe } from "../../common/text/formula-safe.ts";
import { categoryColumns } from "./catalogue-columns.ts";

/**
 * A category's sheet as CSV: the workbook's columns and cells, UTF-8 with a byte-order mark (without it
 * Excel reads ă, ș, ț as ANSI), every field quoted, texts formula-safe, numbers with a point for
 * decimals and no grouping (what any program reads back).
 */
export function categoryCsv(category: CategoryView, products: readonly ProductView[]): Buffer {
  const columns = categoryColumns(category);
  const rows = products.map((product) =>
    columns.map((column) => {
      const value = column.cell(product);
      return typeof value === "string" ? formulaSafe(value) : value;
    }),
  );
  return Buffer.from(
    stringify([columns.map((column) => column.header), ...rows], {
      bom: true,
      quoted: true,
      quoted_empty: true,
      record_delimiter: "windows",
    }),
  );
}
