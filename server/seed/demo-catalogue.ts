import type { Kysely } from "kysely";
import { writeAndRenewPages } from "../writes/write-and-renew-pages.ts";
import { insertBanners } from "../db/repositories/banners.ts";
import { insertBooking } from "../db/repositories/bookings.ts";
import { isCatalogueEmpty } from "../db/repositories/catalogue.ts";
import { insertCategory } from "../db/repositories/categories.ts";
import { insertConfiguration } from "../db/repositories/configuration.ts";
import { insertImage } from "../db/repositories/images.ts";
import { insertProduct, setGallery } from "../db/repositories/products.ts";
import {
  insertProductValues,
  insertSpecificationOptions,
  insertSpecifications,
} from "../db/repositories/specifications.ts";
import type { Database, NewImage } from "../db/schema.ts";
import { planDemoCatalogue, type DemoPlan } from "./demo-plan.ts";
import { renderPicturesApart } from "./picture-process.ts";

/**
 * Fills an empty catalogue with the demo categories, products, banners and contact configuration,
 * in one transaction. Returns false, writing nothing, when any catalogue row already exists, so a
 * restart never duplicates the demo nor touches an administrator's data.
 */
export async function seedDemoCatalogue(db: Kysely<Database>): Promise<boolean> {
  // Checked before drawing, so that an ordinary restart costs one query, not a hundred pictures.
  if (!(await isCatalogueEmpty(db))) return false;
  const now = new Date().toISOString();
  const plan = planDemoCatalogue(now);
  const pictures = await renderPicturesApart(plan.images.map((image) => image.svg));
  const images = plan.images.map((image, index): NewImage => ({
    id: image.id,
    alt: image.alt,
    created_at: now,
    ...pictures[index],
  }));

  try {
    await writeAndRenewPages({ db }, async (trx) => {
      // The version bump, first in the transaction, took the write lock: a second instance starting
      // on the same database waits for it and then finds the catalogue filled.
      if (!(await isCatalogueEmpty(trx))) throw new AlreadyFilled();
      await writePlan(trx, plan, images);
    });
    return true;
  } catch (error) {
    if (error instanceof AlreadyFilled) return false;
    throw error;
  }
}

/** Rolls the seed's transaction back, bump included: someone filled the catalogue first. */
class AlreadyFilled extends Error {}

async function writePlan(db: Kysely<Database>, plan: DemoPlan, images: NewImage[]): Promise<void> {
  for (const image of images) await insertImage(db, image);
  for (const category of plan.categories) await insertCategory(db, category);
  await insertSpecifications(db, plan.specifications);
  await insertSpecificationOptions(db, plan.options);
  for (const product of plan.products) await insertProduct(db, product);
  await insertProductValues(db, plan.values);
  for (const gallery of plan.galleries) await setGallery(db, gallery.productId, gallery.imageIds);
  await insertBanners(db, plan.banners);
  await insertConfiguration(db, plan.configuration);
  for (const booking of plan.bookings) await insertBooking(db, booking);
}
