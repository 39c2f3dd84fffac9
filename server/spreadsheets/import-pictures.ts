import { randomUUID } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ErrorCode } from "../../common/errors/error-codes.ts";
import { IMAGE_COUNT_LIMIT, IMAGE_SIZE_LIMIT_BYTES } from "../../common/fields/field-rules.ts";
import { buildAltText } from "../../common/media/alt-text.ts";
import { galleryImageCodes, headerPhotoCodes } from "../../common/schemas/product.ts";
import { ValidationError } from "../core/errors.ts";
import type { NewImage } from "../db/schema.ts";
import { ImageRejected, ingestImageBytes, sniffFamily } from "../media/ingest.ts";
import type { ImportPictures, PictureEntry } from "./import-zip.ts";
import { pictureFolder } from "./picture-names.ts";

/**
 * A new machine's pictures from the import's ZIP (decision 079). The dry run checks what it can
 * without decoding: the folder and its header picture are there, the gallery is not longer than the
 * form's, each picture is within the form's size and starts as one of its types (sniffed from its
 * bytes, never by its name). The commit then takes each picture through the admin's own pipeline
 * (ingestImageBytes: the same sniffing, decoding, limits and re-encoding as an upload), before its
 * transaction, and stages the result on disk beside the upload, so memory holds one picture at a
 * time and a failed commit leaves nothing but the staging folder, which it removes (and the start's
 * sweep, should the process die).
 */

export interface PictureRefusal {
  code: ErrorCode;
  /** The ZIP's entry it is about, when there is one. */
  entry?: string;
}

const placeCodes = (entry: PictureEntry) => (entry.place === 0 ? headerPhotoCodes : galleryImageCodes);

/** The row's pictures in order, or why they are refused (without a ZIP: the form's REQUIRED_PRODUCT_HEADER_PHOTO). */
export async function checkedPictures(
  pictures: ImportPictures | undefined,
  model: string,
): Promise<{ entries: readonly PictureEntry[] } | { refusals: PictureRefusal[] }> {
  if (!pictures) return { refusals: [{ code: "REQUIRED_PRODUCT_HEADER_PHOTO" }] };
  const entries = pictures.folder(pictureFolder(model));
  if (!entries || entries[0]?.place !== 0) return { refusals: [{ code: "IMPORT_PICTURE_NOT_FOUND" }] };
  const refusals: PictureRefusal[] = [];
  if (entries.length - 1 > IMAGE_COUNT_LIMIT) refusals.push({ code: "INVALID_PRODUCT_GALLERY" });
  for (const entry of entries) {
    if (entry.size > IMAGE_SIZE_LIMIT_BYTES) refusals.push({ code: "ERROR_IMAGE_TOO_LARGE", entry: entry.name });
    else if (!sniffFamily(await pictures.head(entry)))
      refusals.push({ code: placeCodes(entry).invalidImage, entry: entry.name });
  }
  return refusals.length > 0 ? { refusals } : { entries };
}

/** A picture ingested and written to the staging folder: its row without the bytes, and where they are. */
export interface StagedPicture {
  image: Omit<NewImage, "bytes">;
  file: string;
}

/**
 * Each of a new machine's pictures through the upload's pipeline, written to `folder`. A picture the
 * pipeline refuses refuses the commit with the form's code at the row's cell (400, as the form's).
 */
export async function stagePictures(
  pictures: ImportPictures,
  entries: readonly PictureEntry[],
  model: string,
  cell: string,
  folder: string,
  now: string,
): Promise<StagedPicture[]> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const staged: StagedPicture[] = [];
  for (const [index, entry] of entries.entries()) {
    let ingested;
    try {
      ingested = await ingestImageBytes(await pictures.bytes(entry), IMAGE_SIZE_LIMIT_BYTES);
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      const code = error.reason === "too-large" ? "ERROR_IMAGE_TOO_LARGE" : placeCodes(entry).invalidImage;
      throw new ValidationError([{ msg: code, path: `${cell} ${entry.name}` }]);
    }
    const { bytes, ...image } = ingested;
    const id = randomUUID();
    const file = path.join(folder, id);
    await writeFile(file, bytes, { mode: 0o600 });
    const alt = index === 0 ? buildAltText(model, "presentation", 1) : buildAltText(model, "photo", index);
    staged.push({ image: { id, ...image, alt, created_at: now }, file });
  }
  return staged;
}

/** A staged picture as the row the images table takes, its bytes read back. */
export async function stagedImage(picture: StagedPicture): Promise<NewImage> {
  return { ...picture.image, bytes: await readFile(picture.file) };
}
