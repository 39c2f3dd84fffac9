import { z } from "../zod.ts";
import type { ErrorCode } from "../errors/error-codes.ts";
import { IMAGE_ALT_MAX_LENGTH, IMAGE_COUNT_LIMIT, UUID_PATTERN } from "../fields/field-rules.ts";
import { singleLine } from "../text/single-line.ts";
import { collapseSpaces } from "../text/slug.ts";
import { ENGLISH_FIELD, editVersionField, recordId } from "../fields/schema-fields.ts";
import { imagePayload, imageRule, imageShape, type ImageCodes } from "./image.ts";

/** The banner payloads (spec §3, §5): see fields.ts for how the catalogue schemas carry their codes. */

export const bannerImageCodes = {
  required: "INVALID_BANNER",
  requiredImage: "REQUIRED_BANNER_IMAGE",
  invalidImage: "INVALID_BANNER_IMAGE",
  requiredMimeType: "REQUIRED_BANNER_MIME_TYPE",
  invalidMimeType: "INVALID_BANNER_MIME_TYPE",
} as const satisfies ImageCodes;

/**
 * Spec §7 sends 'a list of images ({banner})': the body is `{ "banner": [image, ...] }`; a bare list
 * of images is accepted as the same thing.
 */
export const bannerCreateSchema = z.preprocess(
  (body) => (Array.isArray(body) ? { banner: body } : body),
  z.object(
    {
      banner: z
        .array(imagePayload(bannerImageCodes, false), { error: "INVALID_BANNER" })
        .min(1, { error: "INVALID_BANNER" })
        .max(IMAGE_COUNT_LIMIT, { error: "INVALID_BANNER" }),
    },
    { error: "INVALID_BANNER" },
  ),
);

/** The text shown over a banner: one short line. */
export const BANNER_CAPTION_MAX_LENGTH = 120;

function captionField(invalid: ErrorCode) {
  return z
    .string({ error: invalid })
    .overwrite(singleLine)
    .max(BANNER_CAPTION_MAX_LENGTH, { error: invalid })
    .optional();
}

/**
 * A banner's new picture, its description (`alt`, English `alt_en`) and its caption in both
 * languages; `uuid` names the banner. What is left out stays as stored.
 */
export const bannerUpdateSchema = z
  .object({
    ...imageShape(bannerImageCodes),
    uuid: recordId("ERROR_UPDATE_BANNER"),
    alt_en: z
      .string({ error: "INVALID_BANNER_ALT_EN" })
      .overwrite(collapseSpaces)
      .max(IMAGE_ALT_MAX_LENGTH, { error: "INVALID_BANNER_ALT_EN" })
      .optional()
      .meta({ description: ENGLISH_FIELD }),
    caption: captionField("INVALID_BANNER_CAPTION").meta({
      description: "Text shown over the picture, one line; empty for none; left out, kept as stored.",
    }),
    caption_en: captionField("INVALID_BANNER_CAPTION_EN").meta({ description: ENGLISH_FIELD }),
    version: editVersionField,
  })
  .superRefine((value, context) => {
    const texts = [value.alt, value.alt_en, value.caption, value.caption_en].some((text) => text !== undefined);
    if (value.image || texts) imageRule(bannerImageCodes, true)(value, context);
    else context.addIssue({ code: "custom", message: "REQUIRED_BANNER_IMAGE", path: ["image"], input: value.image });
  });

/**
 * The carousel's new order: every banner's uuid once, first shown first. Spec §7 has no call for
 * it (its /banner/update changes one banner); the admin screen needs one
 * (docs/decisions/026-the-gallery-and-the-banner-reorder-with-dnd-kit.md).
 */
export const bannerOrderSchema = z.object(
  {
    order: z
      .array(z.string({ error: "INVALID_BANNER_ORDER" }).regex(UUID_PATTERN, { error: "INVALID_BANNER_ORDER" }), {
        error: "INVALID_BANNER_ORDER",
      })
      .min(1, { error: "INVALID_BANNER_ORDER" })
      .max(IMAGE_COUNT_LIMIT, { error: "INVALID_BANNER_ORDER", abort: true })
      .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, {
        error: "INVALID_BANNER_ORDER",
      }),
  },
  { error: "INVALID_BANNER_ORDER" },
);

export type BannerCreateInput = z.infer<typeof bannerCreateSchema>;
export type BannerUpdateInput = z.infer<typeof bannerUpdateSchema>;
export type BannerOrderInput = z.infer<typeof bannerOrderSchema>;
