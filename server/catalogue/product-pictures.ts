import type { Kysely } from "kysely";
import { findImage, findImageMetas } from "../db/repositories/images.ts";
import { galleryImageIds, listProductCardsOfCategory } from "../db/repositories/products.ts";
import type { Database } from "../db/schema.ts";

/** A category's machines' stored pictures, for the catalogue's ZIP (decision 076). */

type Db = Kysely<Database>;

export interface MachinePictures {
  slug: string;
  /** The header picture first, then the gallery in order. */
  pictures: { imageId: string; mimeType: string }[];
}

/** Each machine of the category, in the list's order, with its pictures' ids and types (no bytes). */
export async function picturesOfCategory(db: Db, categoryId: string): Promise<MachinePictures[]> {
  const machines = await listProductCardsOfCategory(db, categoryId);
  const galleries = await galleryImageIds(
    db,
    machines.map((machine) => machine.id),
  );
  const ids = machines.map((machine) => [machine.header_image_id, ...(galleries.get(machine.id) ?? [])]);
  const metas = await findImageMetas(db, ids.flat());
  return machines.map((machine, index) => ({
    slug: machine.slug,
    pictures: ids[index].flatMap((imageId) => {
      const meta = metas.get(imageId);
      return meta ? [{ imageId, mimeType: meta.mime_type }] : [];
    }),
  }));
}

/** A stored picture's original bytes, as it was uploaded. */
export async function pictureBytes(db: Db, imageId: string): Promise<Buffer | undefined> {
  const image = await findImage(db, imageId);
  return image ? Buffer.from(image.bytes) : undefined;
}
