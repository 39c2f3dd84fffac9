import type { Kysely } from "kysely";
import type { VariantWidth } from "../../common/media/media-paths.ts";
import { findImage, imageExists } from "../db/repositories/images.ts";
import type { Database } from "../db/schema.ts";
import { variantBytes, type VariantSource } from "./variants.ts";

/** A stored picture's original, read when asked; undefined once it is gone. */
export async function storedOriginal(db: Kysely<Database>, imageId: string): Promise<Uint8Array | undefined> {
  return (await findImage(db, imageId))?.bytes;
}

/** A stored picture as its variants are made from it: its original, while it exists. */
export function storedPicture(db: Kysely<Database>, imageId: string): VariantSource {
  return {
    load: () => storedOriginal(db, imageId),
    stillStored: () => imageExists(db, imageId),
  };
}

/**
 * The WebP variant `width` pixels wide of a stored picture, that a printed document is made from
 * (kept on disk, so the original is decoded once); undefined when the picture is gone. Turned into
 * a JPEG by the document's own job (`printJpeg` of ./picture-jobs.ts), in its child.
 */
export function printSource(
  db: Kysely<Database>,
  dataDir: string,
  imageId: string,
  width: VariantWidth,
): Promise<Buffer | undefined> {
  return variantBytes(dataDir, imageId, width, "webp", storedPicture(db, imageId));
}
