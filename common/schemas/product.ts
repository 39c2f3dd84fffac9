import { z } from "../zod.ts";
import { FLEET_UNITS_MAX, IMAGE_COUNT_LIMIT } from "../fields/field-rules.ts";
import { productSpecificationsField } from "../specifications/specification-input.ts";
import { editVersionField, englishRichTextField, nameField, recordId, richTextField } from "../fields/schema-fields.ts";
import { imagePayload, type ImageCodes } from "./image.ts";
import { productPricesField } from "../pricing/machine-prices.ts";

export const PRODUCT_UNITS_MAX = FLEET_UNITS_MAX;

const productUnitsField = z
  .number({ error: "INVALID_PRODUCT_UNITS" })
  .int({ error: "INVALID_PRODUCT_UNITS" })
  .min(0, { error: "INVALID_PRODUCT_UNITS" })
  .max(PRODUCT_UNITS_MAX, { error: "INVALID_PRODUCT_UNITS" })
  .optional()
  .meta({
    description:
      "Units in the fleet (additive): 0 means not rentable now, shown as on request; left out, a new machine has 1 and an update keeps what is stored.",
  });

/** The product payloads (spec §3, §5): see fields.ts for how the catalogue schemas carry their codes. */

export const headerPhotoCodes = {
  required: "REQUIRED_PRODUCT_HEADER_PHOTO",
  requiredImage: "REQUIRED_PRODUCT_HEADER_PHOTO_IMAGE",
  invalidImage: "INVALID_PRODUCT_HEADER_PHOTO_IMAGE",
  requiredMimeType: "REQUIRED_PRODUCT_HEADER_PHOTO_MIME_TYPE",
  invalidMimeType: "INVALID_PRODUCT_HEADER_PHOTO_MIME_TYPE",
} as const satisfies ImageCodes;

export const galleryImageCodes = {
  required: "INVALID_PRODUCT_GALLERY",
  requiredImage: "REQUIRED_PRODUCT_GALLERY_IMAGE",
  invalidImage: "INVALID_PRODUCT_GALLERY_IMAGE",
  requiredMimeType: "REQUIRED_PRODUCT_GALLERY_MIME_TYPE",
  invalidMimeType: "INVALID_PRODUCT_GALLERY_MIME_TYPE",
} as const satisfies ImageCodes;

function gallery(keepable: boolean) {
  return z
    .array(imagePayload(galleryImageCodes, keepable), { error: "INVALID_PRODUCT_GALLERY" })
    .max(IMAGE_COUNT_LIMIT, { error: "INVALID_PRODUCT_GALLERY" })
    .default([]);
}

function productFields(keepable: boolean) {
  return {
    model: nameField("REQUIRED_PRODUCT_MODEL", "INVALID_PRODUCT_MODEL"),
    /** The category's name (spec §3); its uuid is accepted too. */
    category: nameField("REQUIRED_PRODUCT_CATEGORY", "INVALID_PRODUCT_CATEGORY"),
    header_offer: richTextField("REQUIRED_PRODUCT_HEADER_OFFER", "INVALID_PRODUCT_HEADER_OFFER"),
    details: richTextField("REQUIRED_PRODUCT_DETAILS", "INVALID_PRODUCT_DETAILS"),
    technical_data: richTextField("REQUIRED_PRODUCT_TECHNICAL_DATA", "INVALID_PRODUCT_TECHNICAL_DATA"),
    // English, additive to spec §7's payloads: left out, an update keeps what is stored.
    header_offer_en: englishRichTextField("INVALID_PRODUCT_HEADER_OFFER_EN"),
    details_en: englishRichTextField("INVALID_PRODUCT_DETAILS_EN"),
    technical_data_en: englishRichTextField("INVALID_PRODUCT_TECHNICAL_DATA_EN"),
    header_photo: imagePayload(headerPhotoCodes, keepable),
    gallery: gallery(keepable),
    // Values of the category's specifications, additive too: left out, an update keeps what is stored.
    specifications: productSpecificationsField,
    // Units in the fleet (decision 070), additive: left out, a new machine has 1 and an update keeps what is stored.
    units: productUnitsField,
    // Its prices (decision 089), additive: left out, a new machine has none and an update keeps what is stored.
    prices: productPricesField,
  };
}

export const productCreateSchema = z.object(productFields(false));

export const productUpdateSchema = z.object({
  uuid: recordId("ERROR_UPDATE_PRODUCT"),
  ...productFields(true),
  version: editVersionField,
  confirm_overbooking: z.boolean({ error: "INVALID_PRODUCT_CONFIRM_OVERBOOKING" }).optional().meta({
    description:
      "true: fewer `units` than the confirmed bookings take on some day from today is saved anyway, those bookings marked `overbooked`; otherwise it is refused with 409 PRODUCT_UNITS_BELOW_BOOKINGS and the days.",
  }),
});

export type ProductCreateInput = z.infer<typeof productCreateSchema>;
export type ProductUpdateInput = z.infer<typeof productUpdateSchema>;
