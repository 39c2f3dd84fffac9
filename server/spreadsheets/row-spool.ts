import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { CELL_MAX_CHARS } from "./import-budget.ts";
import { FORMULA, type SheetCell, type SheetRow } from "./sheet-rows.ts";

/**
 * The rows the import's child read, handed to the server through a file of one JSON line per row
 * (beside the upload, removed with it): the server then takes them one at a time, never the whole
 * workbook. A formula is written `{"formula":true}`; a cell is cut to the budget's length as it is
 * written (import-budget.ts), so a 30 MB cell goes no further than the child.
 */

type SpooledCell = string | number | boolean | null | { formula: true };

function spooledCell(cell: SheetCell): SpooledCell {
  if (cell === FORMULA) return { formula: true };
  if (typeof cell === "string") return cell.length > CELL_MAX_CHARS ? cell.slice(0, CELL_MAX_CHARS) : cell;
  return cell ?? null;
}

/** A row as its line of the spool, its newline included. */
export function spooledLine(row: SheetRow): string {
  return `${JSON.stringify({ sheet: row.sheet, row: row.row, cells: row.cells.map(spooledCell) })}\n`;
}

/** The spool's rows, one line at a time. */
export async function* spooledRows(file: string): AsyncGenerator<SheetRow> {
  const input = createReadStream(file);
  const lines = createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      const { sheet, row, cells } = JSON.parse(line) as { sheet: string; row: number; cells: SpooledCell[] };
      yield {
        sheet,
        row,
        cells: cells.map((cell) => (cell !== null && typeof cell === "object" ? FORMULA : cell)),
      };
    }
  } finally {
    // A reader that stops early (a refusal past the rows' limit) lets the file go: closing the lines alone
    // would keep its descriptor, and the unlinked spool's disk space, until the process ends.
    lines.close();
    input.destroy();
  }
}
