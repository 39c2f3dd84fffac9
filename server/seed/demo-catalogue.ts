import type { Kysely } from "kysely";
import { changeCatalogue } from "../catalogue/change.ts";
import { insertBanners } from "../db/repositories/banners.ts";
import { isCatalogueEmpty } from "../db/repositories/catalogue.ts";
import { insertCategory } from "../db/repositories/categories.ts";
import { insertConfiguration } from "../db/repositories/configuration.ts";
import { insertImage } from "../db/repositories/images.ts";
import { insertProduct, setGallery } from "../db/repositories/products.ts";
import type { Database, NewImage } from "../db/schema.ts";
import { planDemoCatalogue, type DemoPlan } from "./demo-plan.ts";
import { renderJpeg } from "./machine-pictures.ts";

/** Pictures encoded at once: the start-up runs on small (2-core) machines next to the database. */
const RENDER_CONCURRENCY = 2;

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
  const images = await mapWithConcurrency(plan.images, RENDER_CONCURRENCY, async (image): Promise<NewImage> => ({
    id: image.id,
    alt: image.alt,
    created_at: now,
    ...(await renderJpeg(image.svg)),
  }));

  try {
    await changeCatalogue({ db }, async (trx) => {
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
  for (const product of plan.products) await insertProduct(db, product);
  for (const gallery of plan.galleries) await setGallery(db, gallery.productId, gallery.imageIds);
  await insertBanners(db, plan.banners);
  await insertConfiguration(db, plan.configuration);
}

/** Runs `task` over `items` with at most `limit` running at a time; results keep the input order. */
async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
