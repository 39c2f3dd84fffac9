import {
  ACCEPTED_IMAGE_MIME_TYPES,
  BANNER_SIZE_LIMIT_BYTES,
  IMAGE_COUNT_LIMIT,
  IMAGE_SIZE_LIMIT_BYTES,
} from "../../../common/fields/field-rules.ts";
import type { UploadRules } from "./upload-limits.ts";

/** What each place that takes pictures accepts (spec §5, §9), checked before anything is sent. */

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

/** Spec §5, §9: the banner takes the gallery's types, up to the image count limit, with its own size limit. */
export const BANNER_RULES: UploadRules = {
  accept: GALLERY_RULES.accept,
  maxBytes: BANNER_SIZE_LIMIT_BYTES,
  maxCount: IMAGE_COUNT_LIMIT,
  nameInMessages: true,
};
