import type { ProductView } from "../../../common/catalogue/catalogue-views.ts";
import { imageIdFromPath } from "../../../common/media/media-paths.ts";
import type { ImagePayload } from "../../../common/schemas/image.ts";
import { newImagePayload } from "../pictures/data-url.ts";
import type { ListedPicture } from "../pictures/picture-list.ts";

/**
 * From the product form's state to the body of POST /product/create or PUT /product/update
 * (spec §3, §7): kept pictures travel as their `uuid` only, new ones as base64 with their type, in
 * the order shown (the first gallery picture leads the public gallery).
 */

/** The header photo: the stored one kept, or a new PNG from the cropper. */
export type HeaderPhoto = { kind: "stored"; uuid: string; src: string } | { kind: "new"; dataUrl: string };

export function headerPayload(header: HeaderPhoto): ImagePayload {
  return header.kind === "stored" ? { uuid: header.uuid } : newImagePayload(header.dataUrl);
}

function storedId(path: string): string {
  const id = imageIdFromPath(path);
  if (!id) throw new Error(`Not the path of a stored picture: ${path}`);
  return id;
}

/** The pictures of a product being edited, as the form starts with them. */
export function storedPictures(product: ProductView): { header: HeaderPhoto; gallery: ListedPicture[] } {
  return {
    header: { kind: "stored", uuid: storedId(product.header_photo.image), src: product.header_photo.image },
    gallery: product.gallery.map((picture) => {
      const uuid = storedId(picture.image);
      return { kind: "stored", key: uuid, uuid, src: picture.image };
    }),
  };
}
