import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { IMAGE_PIXEL_LIMIT } from "../../common/field-rules.ts";
import { VARIANT_FORMATS, VARIANT_WIDTHS, type VariantFormat } from "../../common/media-paths.ts";
import { pictureWork } from "./picture-work.ts";

/**
 * Responsive AVIF and WebP variants of the stored originals, made by sharp on the first request and
 * kept under DATA_DIR/media-cache. File names are built only from a UUID, a width of VARIANT_WIDTHS
 * and a format of VARIANT_FORMATS, so no request can name a path outside that directory. A file is
 * written under a temporary name and renamed into place (atomic on one file system), so a reader
 * never sees half a file; concurrent first requests in this process share one encoding.
 */

export const VARIANT_MIME_TYPES: Record<VariantFormat, string> = { avif: "image/avif", webp: "image/webp" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function variantCacheDir(dataDir: string): string {
  return path.join(dataDir, "media-cache");
}

function variantFile(dataDir: string, imageId: string, width: number, format: VariantFormat): string {
  if (!UUID.test(imageId) || !(VARIANT_WIDTHS as readonly number[]).includes(width)) {
    throw new Error(`Not a variant: ${imageId} ${width}`);
  }
  return path.join(variantCacheDir(dataDir), `${imageId}-${width}w.${format}`);
}

/**
 * Encodings wait their turn with every other picture work (./picture-work.ts: one at a time on two
 * cores): sharp works on libuv's thread pool (4 threads), which also serves every file read, so
 * concurrent AVIF encodings of a cold page held up its scripts for seconds.
 * AVIF effort 2 instead of 4: a sixth of the time (0.45 s instead of 2.8 s for 1600 px on this
 * 2-core machine), 8 % more bytes; a cold page's pictures otherwise took tens of seconds to arrive.
 */
function encode(original: Uint8Array, width: number, format: VariantFormat): Promise<Buffer> {
  return pictureWork(() => {
    const resized = sharp(original, { limitInputPixels: IMAGE_PIXEL_LIMIT }).resize({ width, withoutEnlargement: true });
    return format === "avif" ? resized.avif({ quality: 50, effort: 2 }).toBuffer() : resized.webp({ quality: 75 }).toBuffer();
  });
}

const pending = new Map<string, Promise<Buffer | undefined>>();

async function readCached(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Where a variant comes from, and whether its picture still exists. */
export interface VariantSource {
  /** The original's bytes; undefined when the picture is gone. */
  load: () => Promise<Uint8Array | undefined>;
  /** Asked once the variant is written: a picture deleted meanwhile gets no variant. */
  stillStored: () => Promise<boolean>;
}

/**
 * Keeps a variant: written aside, then renamed into place. Only the cache directory is created,
 * never the data directory: when that (or the cache) is removed meanwhile (ENOENT), the bytes are
 * served all the same, kept by no one, and made again on a later request.
 */
async function keep(file: string, bytes: Buffer): Promise<void> {
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    await mkdir(path.dirname(file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
    await writeFile(temporary, bytes);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

async function makeAndKeep(file: string, source: VariantSource, width: number, format: VariantFormat): Promise<Buffer | undefined> {
  const original = await source.load();
  if (!original) return undefined;
  const bytes = await encode(original, width, format);
  await keep(file, bytes);
  // A picture deleted while its variant was made: its removeVariants() ran before this file existed.
  if (!(await source.stillStored())) {
    await rm(file, { force: true });
    return undefined;
  }
  return bytes;
}

/**
 * The variant's bytes: from the disk cache, or made now from the original (loaded only then);
 * undefined when the picture is gone, or was deleted while the variant was made. Other instances
 * with their own data directory make their own copy; the bytes are the same picture.
 */
export async function variantBytes(
  dataDir: string,
  imageId: string,
  width: number,
  format: VariantFormat,
  source: VariantSource,
): Promise<Buffer | undefined> {
  const file = variantFile(dataDir, imageId, width, format);
  const cached = await readCached(file);
  if (cached) return cached;
  let making = pending.get(file);
  if (!making) {
    making = makeAndKeep(file, source, width, format).finally(() => pending.delete(file));
    pending.set(file, making);
  }
  return making;
}

/** Drops the cached variants of deleted pictures (best effort: a leftover file is never served, see routes.ts). */
export async function removeVariants(dataDir: string, imageIds: readonly string[]): Promise<void> {
  const files = imageIds.filter((id) => UUID.test(id)).flatMap((id) =>
    VARIANT_WIDTHS.flatMap((width) => VARIANT_FORMATS.map((format) => variantFile(dataDir, id, width, format))),
  );
  await Promise.all(files.map((file) => rm(file, { force: true })));
}

/** The variant widths a picture `intrinsicWidth` pixels wide is offered at (as variantSrcSet lists them). */
function offeredWidths(intrinsicWidth: number): number[] {
  const widths: number[] = [];
  for (const width of VARIANT_WIDTHS) {
    widths.push(width);
    if (width >= intrinsicWidth) break;
  }
  return widths;
}

/**
 * Makes every variant of new pictures in the background, once their write has committed, so the
 * first visitor (and the gallery's full-screen view) does not wait 0.5 s per picture for an
 * encoding. Small widths first (thumbnails and cards are what a page shows first), AVIF before WebP;
 * one encoding at a time, as on request. A picture deleted meanwhile (`stillStored`) is skipped. A
 * failure is logged and the variant is made on its first request instead. Returns when all are done
 * (the writes do not wait for it).
 */
export async function prepareVariants(
  dataDir: string,
  images: readonly { id: string; bytes: Uint8Array; width: number }[],
  stillStored: (imageId: string) => Promise<boolean>,
  onError: (error: unknown, imageId: string) => void,
): Promise<void> {
  const jobs = images.flatMap((image) => offeredWidths(image.width).flatMap((width) => VARIANT_FORMATS.map((format) => ({ image, width, format }))));
  jobs.sort((a, b) => a.width - b.width);
  for (const { image, width, format } of jobs) {
    try {
      if (!(await stillStored(image.id))) continue;
      await variantBytes(dataDir, image.id, width, format, { load: async () => image.bytes, stillStored: () => stillStored(image.id) });
    } catch (error) {
      onError(error, image.id);
    }
  }
}
