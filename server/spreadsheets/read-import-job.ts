import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { finished } from "node:stream/promises";
import type { ErrorCode } from "../../common/errors/error-codes.ts";
import { HttpError, type ErrorStatus } from "../core/errors.ts";
import { ROWS_READ_MAX } from "./import-budget.ts";
import { openImportZip, type ImportZip } from "./import-zip.ts";
import { spooledLine } from "./row-spool.ts";
import { sheetRows, type SheetRow } from "./sheet-rows.ts";

/**
 * The import's reading, run in the import's child process (import-reading.ts): the uploaded file's
 * sheets (a workbook, a CSV, a ZIP's workbook or root CSVs) read within the budget of
 * import-budget.ts and written to the spool (row-spool.ts) with back-pressure. A file the budget
 * refuses is an answer, with its status and code; anything else thrown fails the job.
 */

export interface ReadImportInput {
  file: string;
  kind: "xlsx" | "csv" | "zip";
  /** Where the rows are written. */
  spool: string;
}

export type ReadImportOutput = { rows: number } | { refused: { status: ErrorStatus; code: ErrorCode } };

export async function readImportJob({ file, kind, spool }: ReadImportInput): Promise<ReadImportOutput> {
  const output = createWriteStream(spool, { mode: 0o600 });
  // A disk that fails fails this job, never the child: the error always has a listener.
  let writeError: Error | undefined;
  output.on("error", (error) => {
    writeError = error;
  });
  let zip: ImportZip | undefined;
  try {
    if (kind === "zip") zip = await openImportZip(file);
    const rows: AsyncIterable<SheetRow> = zip ? zip.rows() : sheetRows(file, kind === "xlsx" ? "xlsx" : "csv", "CSV");
    let count = 0;
    for await (const row of rows) {
      // Every sheet's rows count, the ones the preview skips (no export headers) too.
      if (++count > ROWS_READ_MAX) throw new HttpError(400, "IMPORT_TOO_MANY_ROWS");
      if (writeError) throw writeError;
      if (!output.write(spooledLine(row))) await once(output, "drain");
    }
    output.end();
    await finished(output);
    return { rows: count };
  } catch (error) {
    output.destroy();
    if (error instanceof HttpError) return { refused: { status: error.status, code: error.code } };
    throw error;
  } finally {
    zip?.close();
  }
}
