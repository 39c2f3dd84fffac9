import type { Kysely } from "kysely";
import { imageIdOfPath, type VariantWidth } from "../../common/media/media-paths.ts";
import type { SpecSheetContent } from "../../common/catalogue/spec-sheet.ts";
import type { Logger } from "../core/logger.ts";
import type { Database } from "../db/schema.ts";
import { printSource } from "../media/print-picture.ts";
import { WorkNotDone, workJob, workPool, type WorkPool } from "../work/work-pool.ts";
import type * as DrawSheet from "./draw-sheet.ts";

/**
 * The photo's width in pixels: printed 230 pt (8 cm) wide, 640 px is 200 dpi, sharp on paper, and
 * about 50 KB of JPEG, well inside a sheet's 300 KB.
 */
const PHOTO_PIXELS: VariantWidth = 640;

const DRAW_SHEET = new URL("./draw-sheet.ts", import.meta.url);
const DRAW = workJob<typeof DrawSheet, "drawSheetJob">(DRAW_SHEET, "drawSheetJob");

/** How long a client waits before asking again for a sheet refused because the queue was full. */
export const SPEC_SHEET_RETRY_AFTER_SECONDS = 5;

/**
 * The sheets' work pool (decision 067): one child (on two cores, the other is the event loop's),
 * its heap capped at 128 MB (a sheet needs about 15: pdfkit, its font engine and the fonts), 8
 * sheets waiting at most (renders are already two at once per instance, decision 054), a child idle
 * for 30 s let go. It loads the layout's module as it starts: pdfkit and the fonts never load in the
 * server's process, and their loading is not counted in a sheet's time.
 */
export function specSheetWork(config: { SPEC_SHEET_TIME_LIMIT: number }): WorkPool {
  return workPool({
    name: "spec sheets",
    children: 1,
    heapMb: 128,
    timeLimitMs: config.SPEC_SHEET_TIME_LIMIT * 1000,
    queueLength: 8,
    idleMs: 30_000,
    preload: [DRAW_SHEET],
  });
}

/**
 * A sheet, or why none was made: `busy` refused at once (the queue full), `failed` past its time
 * limit, crashed or thrown.
 */
export type SpecSheetResult =
  { pdf: Uint8Array } | { notMade: "busy"; retryAfterSeconds: number } | { notMade: "failed" };

export type SpecSheetMaker = (content: SpecSheetContent) => Promise<SpecSheetResult>;

/**
 * Makes sheets (decision 059): the photo's WebP variant for print (read from disk, or made by the
 * pictures' pool), then the sheet, its photo turned into a JPEG and its layout drawn in the sheets'
 * work pool, off the server's thread. A sheet that is not made is logged here, once, with its
 * machine; its request answers an error page. The page cache keeps what is made, per catalogue
 * version, like a page (server/pages/ssr.ts).
 */
export function specSheetMaker(services: {
  db: Kysely<Database>;
  config: { DATA_DIR: string };
  logger: Logger;
  work: { specSheets: WorkPool };
}): SpecSheetMaker {
  return async (content) => {
    const imageId = content.photo ? imageIdOfPath(content.photo.image) : null;
    const photo = imageId ? await printSource(services.db, services.config.DATA_DIR, imageId, PHOTO_PIXELS) : undefined;
    try {
      return { pdf: await services.work.specSheets.run(DRAW, { content, photo: photo ?? null, madeAt: new Date() }) };
    } catch (error) {
      if (!(error instanceof WorkNotDone)) throw error;
      const machine = { model: content.model, page: content.pageUrl, language: content.language };
      if (error.reason === "busy") {
        services.logger.warn({ machine, err: error }, "spec sheet refused: too many sheets wait");
        return { notMade: "busy", retryAfterSeconds: SPEC_SHEET_RETRY_AFTER_SECONDS };
      }
      services.logger.error({ machine, reason: error.reason, err: error }, "spec sheet not made");
      return { notMade: "failed" };
    }
  };
}
