import { z } from "../../../common/zod.ts";
import type { BannerView } from "../../../common/catalogue/catalogue-views.ts";
import { bannerUpdateSchema, type BannerUpdateInput } from "../../../common/schemas/banner.ts";
import { BANNER_TEXTS } from "../ui/texts.ts";

/**
 * A banner picture's texts as its form edits them: the caption shown over it and its description
 * (alt), each in Romanian and in English. The rules are the API's own (PUT /api/banner/update).
 */

// A type, not an interface: the form helper takes values as a string-keyed record.
export type BannerTexts = { caption: string; caption_en: string; alt: string; alt_en: string };

const { caption, caption_en, alt, alt_en } = bannerUpdateSchema.shape;

export const bannerTextsSchema = z.object({
  caption,
  caption_en,
  // The API keeps the stored description when sent an empty one, and a picture needs one: the form
  // says so rather than showing an empty field the save would not store.
  alt: alt.refine((text) => text !== undefined && text.trim() !== "", { error: BANNER_TEXTS.altRequired }),
  alt_en,
});

const FIELDS = ["caption", "caption_en", "alt", "alt_en"] as const satisfies readonly (keyof BannerTexts)[];

export function textsOf(banner: BannerView): BannerTexts {
  return { caption: banner.caption, caption_en: banner.caption_en, alt: banner.alt, alt_en: banner.alt_en };
}

/**
 * The update body: the banner's uuid and only the texts that differ from the stored ones (what is
 * left out stays as stored); undefined when nothing changed.
 */
export function textsUpdate(uuid: string, stored: BannerTexts, edited: BannerTexts): BannerUpdateInput | undefined {
  const changed: Partial<BannerTexts> = {};
  for (const field of FIELDS) if (edited[field] !== stored[field]) changed[field] = edited[field];
  return Object.keys(changed).length > 0 ? { uuid, ...changed } : undefined;
}
