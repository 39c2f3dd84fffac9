import { z } from "zod";
import { BOOKING_STATES } from "../../common/bookings/booking-states.ts";
import { categoryState, productState, valueRowState } from "../snapshots/item-states.ts";

/**
 * The trash (decision 074): a deleted machine's (or category's) rows kept whole as a snapshot while its live rows
 * are gone, so every public read, the sitemap, search, filters, compare and the quote list lose it
 * with the catalogue version's bump, and nothing has a deleted flag to forget. Its pictures stay
 * (rows and variant files: trash_images keeps them from deleteUnusedImages) until it is purged.
 * What each kind's snapshot holds:
 */

export const productSnapshot = productState.extend({
  /** Its bookings (cancelled ones too): the planner and the public calendar get them back with it. */
  bookings: z
    .array(
      z.object({
        id: z.string(),
        product_id: z.string(),
        units: z.number().int(),
        first_day: z.string(),
        last_day: z.string(),
        state: z.enum(BOOKING_STATES),
        overbooked: z.number().int(),
        note: z.string(),
        lead_id: z.string().nullable(),
        created_at: z.string(),
        updated_at: z.string(),
        version: z.number().int(),
      }),
    )
    .default([]),
});
export type ProductSnapshot = z.output<typeof productSnapshot>;

export const categorySnapshot = categoryState.extend({
  /** The machines that were in it, and their values of its specifications. */
  products: z.array(z.string()),
  values: z.array(valueRowState),
});
export type CategorySnapshot = z.output<typeof categorySnapshot>;

export const bannerSnapshot = z.object({
  banner: z.object({
    id: z.string(),
    image_id: z.string(),
    caption: z.string(),
    caption_en: z.string(),
    alt_en: z.string(),
    created_at: z.string(),
  }),
  /** Its place in the carousel when it was deleted. */
  index: z.number().int(),
});
export type BannerSnapshot = z.output<typeof bannerSnapshot>;
