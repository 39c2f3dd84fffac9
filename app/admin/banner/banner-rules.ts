import { BANNER_SIZE_LIMIT_BYTES, IMAGE_COUNT_LIMIT } from "../../../common/field-rules.ts";
import type { UploadRules } from "../images/upload-limits.ts";
import { GALLERY_RULES } from "../products/product-form-rules.ts";

/** Spec §5, §9: the banner takes the gallery's types, up to the image count limit, with its own size limit. */
export const BANNER_RULES: UploadRules = {
  accept: GALLERY_RULES.accept,
  maxBytes: BANNER_SIZE_LIMIT_BYTES,
  maxCount: IMAGE_COUNT_LIMIT,
  nameInMessages: true,
};
