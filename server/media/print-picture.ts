import type { Kysely } from "kysely";
import type { VariantWidth } from "../../common/media/media-paths.ts";
import { findImage, imageExists } from "../db/repositories/images.ts";
import type { Database } from "../db/schema.ts";
import { asBuffer, pictureJob, PRINT_JPEG } from "./picture-pool.ts";
import { variantBytes, type VariantSource } from "./variants.ts";

/** A stored picture as its variants are made from it: its original, while it exists. */
export function storedPicture(db: Kysely<Database>, imageId: string): VariantSource {
  return {
    load: async () => (await findImage(db, imageId))?.bytes,
    stillStored: () => imageExists(db, imageId),
  };
}

export interface PrintPicture {
  jpeg: Buffer;
  width: number;
  height: number;
}

/**
 * A stored picture for a printed document: a JPEG (what every PDF reader draws; WebP and AVIF are
 * not PDF images) `width` pixels wide, made from the WebP variant of that width (kept on disk, so
 * the original is decoded once), white behind any transparency. Undefined when the picture is gone.
 */
export async function printPicture(
  db: Kysely<Database>,
  dataDir: string,
  imageId: string,
  width: VariantWidth,
): Promise<PrintPicture | undefined> {
  const webp = await variantBytes(dataDir, imageId, width, "webp", storedPicture(db, imageId));
  if (!webp) return undefined;
  const { jpeg, width: shownWidth, height } = await pictureJob(PRINT_JPEG, webp);
  return { jpeg: asBuffer(jpeg), width: shownWidth, height };
}
