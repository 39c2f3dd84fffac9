import { z } from "../zod.ts";
import { specificationValuesSchema, specificationViewSchema } from "../specifications/specification-schema.ts";
import { productPricesViewSchema } from "../pricing/machine-prices.ts";

/**
 * Reply shapes of the public catalogue calls, shared by the API, the pages, the tests and the
 * OpenAPI document (the schemas are the single description; the types are inferred from them).
 */

/** Shown for a product whose category was deleted (spec §2). */
export const UNKNOWN_CATEGORY = "Necunoscut";

export const pictureViewSchema = z.object({
  /** Absolute path of the original under /media, stable and immutably cached. */
  image: z.string(),
  alt: z.string(),
  /** Intrinsic size, so pages reserve the space before the picture loads. */
  width: z.number().int(),
  height: z.number().int(),
});
export type PictureView = z.infer<typeof pictureViewSchema>;

/** What a form sends back as `version` with its save (decision 068); additive to spec §7. */
const editVersion = z
  .number()
  .int()
  .meta({ description: "Changes with every save of the record: send it back as `version` with an edit of it." });

export const categoryViewSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  name_en: z
    .string()
    .meta({ description: "The name in English; empty while not translated (pages then show `name`)." }),
  slug: z.string(),
  header_photo: z.string().nullable(),
  /** Its typed specifications in order (decision 057); additive to spec §7, an empty list for none. */
  specifications: z.array(specificationViewSchema),
  version: editVersion,
});
export type CategoryView = z.infer<typeof categoryViewSchema>;

export const productViewSchema = z.object({
  uuid: z.uuid(),
  model: z.string(),
  slug: z.string(),
  /** The category name as text, or UNKNOWN_CATEGORY. */
  category: z.string(),
  /** The category's English name; empty while not translated (or for UNKNOWN_CATEGORY). */
  category_en: z.string(),
  category_uuid: z.uuid().nullable(),
  category_slug: z.string().nullable(),
  header_offer: z.string(),
  details: z.string(),
  technical_data: z.string(),
  header_offer_en: z
    .string()
    .meta({ description: "English; empty while not translated (pages then show `header_offer`)." }),
  details_en: z.string().meta({ description: "English; empty while not translated." }),
  technical_data_en: z.string().meta({ description: "English; empty while not translated." }),
  header_photo: pictureViewSchema,
  gallery: z.array(pictureViewSchema),
  /** Values of its category's specifications by their uuid (decision 057); additive, absent = no value. */
  specifications: specificationValuesSchema,
  /** Units in the fleet (decision 070), additive: 0 is "on request". */
  units: z.number().int().meta({ description: "Units in the fleet (additive); 0: not rentable now, on request." }),
  /** Its prices (decision 089), additive: the admin's replies always; a public one only while the site shows them. */
  prices: productPricesViewSchema.optional(),
  version: editVersion,
});
export type ProductView = z.infer<typeof productViewSchema>;

/**
 * What a category page reads of each of its machines: its card (model, address, offer photo) and
 * the values its figures and filters show; no rich texts, no gallery.
 */
export type ProductCardView = Pick<ProductView, "uuid" | "model" | "slug" | "header_photo" | "specifications">;

/** A card in a list that mixes categories (search results): the card and its category's names, address and id. */
export type ListedProductCardView = ProductCardView &
  Pick<ProductView, "category" | "category_en" | "category_uuid" | "category_slug">;

export const bannerViewSchema = pictureViewSchema.extend({
  uuid: z.uuid(),
  alt_en: z
    .string()
    .meta({ description: "The picture's description in English; empty while not translated (pages then show `alt`)." }),
  caption: z.string().meta({ description: "Text shown over the picture; empty for none." }),
  caption_en: z.string().meta({ description: "The caption in English; empty while not translated." }),
  version: editVersion,
});
export type BannerView = z.infer<typeof bannerViewSchema>;

export const configurationEntrySchema = z.object({
  uuid: z.uuid(),
  key: z.string(),
  value: z.string(),
  version: editVersion,
});
export type ConfigurationEntry = z.infer<typeof configurationEntrySchema>;

export const versionViewSchema = z.object({
  version: z.string(),
  default: z.object({
    shortHash: z.string().nullable(),
    subject: z.string().nullable(),
    authoredOn: z.number().int().nullable(),
    committedOn: z.number().int().nullable(),
    branch: z.string().nullable(),
    tags: z.array(z.string()),
  }),
});
export type VersionView = z.infer<typeof versionViewSchema>;
