import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { VARIANT_FORMATS, VARIANT_WIDTHS, type VariantFormat } from "../../common/media/media-paths.ts";
import type { VariantInput } from "./picture-jobs.ts";
import { asBuffer, DECODE_MASTER, ENCODE_VARIANT, pictureJob, pictureJobReading, picturePool } from "./picture-pool.ts";

/**
 * Responsive AVIF and WebP variants of the stored originals, made by sharp (in the pictures' child
 * process, ./picture-pool.ts) on the first request and kept under DATA_DIR/media-cache. File names are built only from a UUID, a width of VARIANT_WIDTHS
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
 * A variant's encoding, in its turn of the picture queue and in the pictures' child
 * (./picture-pool.ts): sharp works on libuv's thread pool (4 threads), which also serves every file
 * read, so concurrent AVIF encodings of a cold page held up its scripts for seconds; and a libvips
 * that deadlocks is killed with its child (decisions 065, 067).
 */
async function encode(input: VariantInput, width: number, format: VariantFormat): Promise<Buffer> {
  return asBuffer(await pictureJob(ENCODE_VARIANT, { input, width, format }));
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
  /** The original's bytes, or its master's pixels; undefined when the picture is gone. */
  load: () => Promise<VariantInput | undefined>;
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

async function makeAndKeep(
  file: string,
  source: VariantSource,
  width: number,
  format: VariantFormat,
): Promise<Buffer | undefined> {
  const input = await source.load();
  if (!input) return undefined;
  const bytes = await encode(input, width, format);
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
  const files = imageIds
    .filter((id) => UUID.test(id))
    .flatMap((id) =>
      VARIANT_WIDTHS.flatMap((width) => VARIANT_FORMATS.map((format) => variantFile(dataDir, id, width, format))),
    );
  await Promise.all(files.map((file) => rm(file, { force: true })));
}

/** The pictures that have variant files under DATA_DIR/media-cache (temporary files of an encoding under way aside). */
export async function imagesWithVariants(dataDir: string): Promise<string[]> {
  const names = await readdir(variantCacheDir(dataDir)).catch(() => []);
  const ids = new Set<string>();
  for (const name of names) {
    const id = /^([0-9a-f-]{36})-\d+w\.(?:avif|webp)$/.exec(name)?.[1];
    if (id && UUID.test(id)) ids.add(id);
  }
  return [...ids];
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
 * A new picture, as its write stored it: its size, and how to read its original when its turn comes
 * (from the database). Not its bytes: an upload's pictures would otherwise stay in memory after the
 * answer until each one's variants are made, every waiting upload's beside the one being read.
 */
export interface NewPicture {
  id: string;
  width: number;
  height: number;
  original: () => Promise<Uint8Array | undefined>;
}

/**
 * The largest master kept (bytes of pixels, counted at 4 channels: the channels are known only once
 * decoded). 1600 × 1000 (an 8000 × 5000 photo) takes 6.4 MB; a picture taller than about 1:3 would
 * take more (a 1600 × 25 000 one, within the 40 MP limit, 160 MB): its variants are made from the
 * original instead, one decoding each, as on request.
 */
const MASTER_BYTES_LIMIT = 32 * 1024 * 1024;

/**
 * The picture decoded once and resized to the largest width it is offered at: every background
 * variant of the picture is resized from these pixels instead of decoding the original again
 * (docs/decisions/039-the-background-variants-of-a-picture-come-from.md).
 */
function decodeMaster(picture: NewPicture, width: number): Promise<VariantInput | undefined> {
  return pictureJobReading(DECODE_MASTER, async () => {
    const original = await picture.original();
    return original && { original, width };
  });
}

/**
 * Where the background variants of `picture` are resized from: its master while small enough
 * (MASTER_BYTES_LIMIT), else its original, read again for each variant (as on request). Either is
 * read only at its first variant's turn; undefined when the picture is gone.
 */
function backgroundSource(picture: NewPicture, widths: readonly number[]): () => Promise<VariantInput | undefined> {
  const width = Math.min(picture.width, Math.max(...widths));
  const height = Math.ceil((picture.height * width) / picture.width);
  if (width * height * 4 > MASTER_BYTES_LIMIT) return picture.original;
  let master: Promise<VariantInput | undefined> | undefined;
  return () => (master ??= decodeMaster(picture, width));
}

/**
 * Makes every variant of new pictures in the background, once their write has committed, so the
 * first visitor (and the gallery's full-screen view) does not wait 0.5 s per picture for an
 * encoding. One picture after the other, so that one master at most is held at a time: its original
 * is read from the database once its turn has come and decoded once (decodeMaster), when its first
 * variant not yet on disk is made, then small widths
 * first (thumbnails and cards are what a page shows first), AVIF before WebP; one encoding at a
 * time, as on request. A picture deleted meanwhile (`stillStored`) is left. A failure is logged and
 * the picture's remaining variants are made on their first request instead. Returns when all are
 * done (the writes do not wait for it).
 */
export async function prepareVariants(
  dataDir: string,
  images: readonly NewPicture[],
  stillStored: (imageId: string) => Promise<boolean>,
  onError: (error: unknown, imageId: string) => void,
): Promise<void> {
  for (const image of images) {
    try {
      await preparePicture(dataDir, image, () => stillStored(image.id));
    } catch (error) {
      onError(error, image.id);
    }
  }
  // The pictures' child grows to 100-200 MB making an upload's variants; kept idle for a page's
  // next cold variant, it would stand beside the next upload's reading (decision 095).
  picturePool.letIdleGo();
}

async function preparePicture(
  dataDir: string,
  picture: NewPicture,
  stillStored: () => Promise<boolean>,
): Promise<void> {
  const widths = offeredWidths(picture.width);
  const source: VariantSource = { load: backgroundSource(picture, widths), stillStored };
  for (const width of widths) {
    for (const format of VARIANT_FORMATS) {
      if (!(await stillStored())) return;
      await variantBytes(dataDir, picture.id, width, format, source);
    }
  }
}
