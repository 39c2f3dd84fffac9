import { ACCEPTED_IMAGE_MIME_TYPES, IMAGE_COUNT_LIMIT, IMAGE_SIZE_LIMIT_BYTES } from "../../../common/field-rules.ts";
import { productCreateSchema } from "../../../common/schemas/product.ts";
import type { UploadRules } from "../images/upload-limits.ts";

/**
 * The product form's rules: its text fields are checked by the API's own schema (the same zod
 * rules, so the same codes and messages); its pictures by the limits of spec §5/§9.
 */

export const productTextSchema = productCreateSchema.pick({
  category: true,
  model: true,
  header_offer: true,
  details: true,
  technical_data: true,
});

// A type, not an interface: the form helper takes values as a string-keyed record.
export type ProductTextValues = {
  category: string;
  model: string;
  header_offer: string;
  details: string;
  technical_data: string;
};

/** Spec §5: the cropper reads png, jpg, jpeg, bmp, gif, tiff and webp (it writes PNG whatever it read). */
export const HEADER_PHOTO_RULES: UploadRules = {
  accept: ["image/png", "image/jpeg", "image/jpg", "image/bmp", "image/gif", "image/tiff", "image/webp"],
  maxBytes: IMAGE_SIZE_LIMIT_BYTES,
  maxCount: 1,
  nameInMessages: false,
};

/** Spec §5: the gallery takes jpg, jpeg, bmp and png. */
export const GALLERY_RULES: UploadRules = {
  accept: ACCEPTED_IMAGE_MIME_TYPES.filter((type) => !["image/webp", "image/gif"].includes(type)),
  maxBytes: IMAGE_SIZE_LIMIT_BYTES,
  maxCount: IMAGE_COUNT_LIMIT,
  nameInMessages: true,
};
