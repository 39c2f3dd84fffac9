import { rm } from "node:fs/promises";
import { HttpError } from "../core/errors.ts";
import type { Logger } from "../core/logger.ts";
import { WorkNotDone, workJob, workPool, type WorkPool } from "../work/work-pool.ts";
import type * as ReadImport from "./read-import-job.ts";
import { spooledRows } from "./row-spool.ts";
import type { SheetRow } from "./sheet-rows.ts";

const JOB_MODULE = new URL("./read-import-job.ts", import.meta.url);
const READ = workJob<typeof ReadImport, "readImportJob">(JOB_MODULE, "readImportJob");

/** How long a client waits before sending a file again when imports already wait. */
export const IMPORT_RETRY_AFTER_SECONDS = 10;

/**
 * The import's work pool (decision 067): its reading of the file happens in one child whose heap is
 * capped at 150 MB (exceljs loads a workbook whole: a 5 000-row export takes about 100 MB), within
 * IMPORT_READ_TIME_LIMIT seconds, two files waiting at most. The child is let go a second after its
 * file is read: an import is rare, and a child that read a large workbook keeps its memory while it
 * lives (230 MB of RSS after a 60 MB one), which the server's unit would carry for nothing.
 */
export function importReadingWork(config: { IMPORT_READ_TIME_LIMIT: number }): WorkPool {
  return workPool({
    name: "import reading",
    children: 1,
    heapMb: 150,
    timeLimitMs: config.IMPORT_READ_TIME_LIMIT * 1000,
    queueLength: 2,
    idleMs: 1000,
    preload: [JOB_MODULE],
  });
}

export interface ReadUpload {
  rows: AsyncGenerator<SheetRow>;
  /** Removes the spooled rows. */
  remove(): Promise<void>;
}

/**
 * The uploaded file's rows, read in the pool's child. Refused by the budget: its code. Waiting
 * behind too many: 503 ERROR_SERVER_BUSY with Retry-After. Past its time, its heap, or its child
 * killed: 400 IMPORT_FILE_TOO_HEAVY, logged; the server goes on.
 */
export async function readUpload(
  services: { work: { imports: WorkPool }; logger: Logger },
  file: string,
  kind: "xlsx" | "csv" | "zip",
): Promise<ReadUpload> {
  const spool = `${file}.rows.ndjson`;
  const remove = () => rm(spool, { force: true });
  let outcome;
  try {
    outcome = await services.work.imports.run(READ, { file, kind, spool });
  } catch (error) {
    await remove();
    if (!(error instanceof WorkNotDone)) throw error;
    if (error.reason === "busy")
      throw new HttpError(503, "ERROR_SERVER_BUSY", { retryAfterSeconds: IMPORT_RETRY_AFTER_SECONDS });
    services.logger.warn({ reason: error.reason, err: error }, "an import's file was not read");
    throw new HttpError(400, error.reason === "failed" ? "IMPORT_FILE_UNREADABLE" : "IMPORT_FILE_TOO_HEAVY");
  }
  if ("refused" in outcome) {
    await remove();
    throw new HttpError(outcome.refused.status, outcome.refused.code);
  }
  return { rows: spooledRows(spool), remove };
}
