import type { Kysely } from "kysely";
import { imageIdOfPath, type VariantWidth } from "../../common/media/media-paths.ts";
import type { SpecSheetContent } from "../../common/catalogue/spec-sheet.ts";
import type { Database } from "../db/schema.ts";
import { printPicture } from "../media/print-picture.ts";
import type { drawSpecSheet } from "./draw-sheet.ts";

/**
 * The photo's width in pixels: printed 230 pt (8 cm) wide, 640 px is 200 dpi, sharp on paper, and
 * about 50 KB of JPEG, well inside a sheet's 300 KB.
 */
const PHOTO_PIXELS: VariantWidth = 640;

export type SpecSheetMaker = (content: SpecSheetContent) => Promise<Uint8Array>;

/**
 * Makes sheets (decision 059): the photo resized for print, then the layout. The layout's module,
 * with pdfkit, its font engine and the fonts (once loaded: 7 MB of heap, 5 MB of buffers, 36 MB of RSS), is imported by
 * the first sheet, so a server at rest does not carry it. The page cache keeps what is made, per
 * catalogue version, like a page (server/pages/ssr.ts).
 */
export function specSheetMaker(services: { db: Kysely<Database>; config: { DATA_DIR: string } }): SpecSheetMaker {
  let layout: Promise<{ drawSpecSheet: typeof drawSpecSheet }> | undefined;
  return async (content) => {
    const imageId = content.photo ? imageIdOfPath(content.photo.image) : null;
    const [{ drawSpecSheet }, photo] = await Promise.all([
      (layout ??= import("./draw-sheet.ts")),
      imageId ? printPicture(services.db, services.config.DATA_DIR, imageId, PHOTO_PIXELS) : undefined,
    ]);
    return drawSpecSheet(content, photo ?? null, new Date());
  };
}
