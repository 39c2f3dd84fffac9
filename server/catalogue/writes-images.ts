import { randomUUID } from "node:crypto";
import type { ImageCodes } from "../../common/schemas/image.ts";
import { imageExists } from "../db/repositories/images.ts";
import type { NewImage } from "../db/schema.ts";
import { HttpError, ValidationError } from "../core/errors.ts";
import { ImageRejected, ingestImage } from "../media/ingest.ts";
import { storedOriginal } from "../media/print-picture.ts";
import { prepareVariants } from "../media/variants.ts";
import { leaveToBodyTurn } from "../http/body-turn-holds.ts";
import type { CatalogueServices } from "./services.ts";

/** What the writes need of an image payload once the schema has checked it. */
export interface PicturePayload {
  image?: string;
  uuid?: string;
  alt?: string;
}

/** A picture of a record after an update: one already stored, kept as it is, or a new upload. */
export type PlannedPicture = { keep: string; alt: string } | { upload: NewImage };

export interface UploadOptions {
  codes: ImageCodes;
  /** Where the picture sits in the body ('gallery.2'); absent when the body is the picture. */
  path: string | undefined;
  maxBytes: number;
  alt: string;
  now: string;
}

const field = (path: string | undefined, name: string) => (path ? `${path}.${name}` : name);

/**
 * The upload as a new image row, or the catalogue's reply: 413 over the size or pixel limit, 400
 * with the field's code.
 */
export async function ingestUpload(base64: string, options: UploadOptions): Promise<NewImage> {
  try {
    const image = await ingestImage(base64, options.maxBytes);
    return { id: randomUUID(), ...image, alt: options.alt, created_at: options.now };
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error;
    if (error.reason === "too-large") throw new HttpError(413, "ERROR_IMAGE_TOO_LARGE");
    throw new ValidationError([{ msg: options.codes.invalidImage, path: field(options.path, "image") }]);
  }
}

/**
 * New bytes are always a new picture (a stored picture's URL never changes content); without bytes,
 * `uuid` must name one of `current`, which is then kept.
 */
export async function planPicture(
  payload: PicturePayload,
  current: ReadonlySet<string>,
  options: UploadOptions,
): Promise<PlannedPicture> {
  if (payload.image) return { upload: await ingestUpload(payload.image, options) };
  const id = payload.uuid?.toLowerCase();
  if (id && current.has(id)) return { keep: id, alt: options.alt };
  throw new ValidationError([{ msg: options.codes.invalidImage, path: field(options.path, "uuid") }]);
}

export function plannedId(picture: PlannedPicture): string {
  return "keep" in picture ? picture.keep : picture.upload.id;
}

export function uploads(pictures: readonly PlannedPicture[]): NewImage[] {
  return pictures.flatMap((picture) => ("upload" in picture ? [picture.upload] : []));
}

/**
 * After the write that stored `images` has committed: their responsive variants are made in the
 * background (server/media/variants.ts), the reply does not wait for them. Each picture's original
 * is read back from the database at its turn, so the upload's bytes are let go with its answer; in
 * an upload, they start once it has answered, and its body keeps its turn until they are made
 * (server/http/body-turn-holds.ts).
 */
export function makeVariantsLater(
  services: Pick<CatalogueServices, "config" | "logger" | "db">,
  images: readonly NewImage[],
): void {
  if (images.length === 0) return;
  const { db } = services;
  const pictures = images.map(({ id, width, height }) => ({
    id,
    width,
    height,
    original: () => storedOriginal(db, id),
  }));
  leaveToBodyTurn(() =>
    prepareVariants(
      services.config.DATA_DIR,
      pictures,
      (imageId) => imageExists(db, imageId),
      (error, imageId) =>
        services.logger.warn({ err: error, imageId }, "a picture variant could not be made in advance"),
    ),
  );
}
