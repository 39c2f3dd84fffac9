import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { buildAltText } from "../../common/media/alt-text.ts";
import { CONFIGURATION_KEYS } from "../../common/schemas/configuration-keys.ts";
import { toSlug } from "../../common/text/slug.ts";
import { categoryPath, productPath } from "../../common/pages/page-urls.ts";
import { writeAndRenewPages } from "../../server/writes/write-and-renew-pages.ts";
import { insertBanners } from "../../server/db/repositories/banners.ts";
import { insertCategory } from "../../server/db/repositories/categories.ts";
import { insertConfiguration } from "../../server/db/repositories/configuration.ts";
import { insertImages } from "../../server/db/repositories/images.ts";
import { insertProduct, setGallery } from "../../server/db/repositories/products.ts";
import {
  insertProductValues,
  insertSpecificationOptions,
  insertSpecifications,
} from "../../server/db/repositories/specifications.ts";
import type {
  Database,
  NewCategory,
  NewImage,
  NewSpecification,
  NewSpecificationOption,
} from "../../server/db/schema.ts";
import {
  DEMO_BANNERS,
  DEMO_CATEGORIES,
  DEMO_CONFIGURATION,
  DEMO_PRODUCTS,
  type DemoCategory,
} from "../../server/seed/demo-data.ts";
import { bannerPictureSvg, machinePictureSvg } from "../../server/seed/machine-pictures.ts";
import { planSpecifications, type ValueMaker } from "../../server/seed/demo-plan.ts";
import { renderJpeg } from "../../server/seed/render-jpeg.ts";
import { productHtml } from "../../server/seed/product-html.ts";

/**
 * A catalogue of any size for the render bench, written through the repositories like the demo
 * seed: the demo's categories repeated ("Excavatoare 2", …) with their specifications, its machines
 * repeated in their own category's copies with a serial number in the model, their real texts and
 * typed values, banners and contact settings. A handful of real pictures
 * (the demo's drawings, same sizes) serve every header and gallery, so that creating 10 000 products
 * takes seconds, not the hours of 40 000 JPEG encodings; a page's markup does not depend on that.
 */

export interface LargeCatalogue {
  /** The public address of every product page. */
  productPaths: string[];
  /** The public address of every category page. */
  categoryPaths: string[];
}

const PRODUCTS_PER_TRANSACTION = 1000;
const HEADER_SIZE = { width: 1200, height: 1200 };
const PHOTO_SIZE = { width: 1200, height: 900 };
const PHOTO_COUNT = 4;

export async function createLargeCatalogue(
  db: Kysely<Database>,
  size: { products: number; categories: number },
): Promise<LargeCatalogue> {
  const now = new Date().toISOString();
  const pictures = await renderPictures(now);
  const categories = Array.from({ length: size.categories }, (_, index) => {
    const demo = DEMO_CATEGORIES[index % DEMO_CATEGORIES.length];
    const round = Math.floor(index / DEMO_CATEGORIES.length);
    const name = round === 0 ? demo.name : `${demo.name} ${round + 1}`;
    const row: NewCategory = {
      id: randomUUID(),
      name,
      slug: toSlug(name),
      header_image_id: pictures.photos[index % PHOTO_COUNT].id,
      created_at: now,
      updated_at: now,
    };
    const specifications: NewSpecification[] = [];
    const options: NewSpecificationOption[] = [];
    const makers = planSpecifications(demo, row.id, now, specifications, options);
    return { row, demo, makers, specifications, options };
  });

  await writeAndRenewPages({ db }, async (trx) => {
    await insertImages(trx, [pictures.header, ...pictures.photos, ...pictures.banners]);
    // Category by category: one statement for them all would pass SQLite's limit of parameters.
    for (const category of categories) {
      await insertCategory(trx, category.row);
      await insertSpecifications(trx, category.specifications);
      await insertSpecificationOptions(trx, category.options);
    }
    await insertBanners(
      trx,
      pictures.banners.map((image, position) => ({ id: randomUUID(), image_id: image.id, position, created_at: now })),
    );
    await insertConfiguration(
      trx,
      CONFIGURATION_KEYS.map((key) => ({ id: randomUUID(), key, value: DEMO_CONFIGURATION[key], updated_at: now })),
    );
  });

  const productPaths: string[] = [];
  const paths = new Set<string>();
  for (let first = 0; first < size.products; first += PRODUCTS_PER_TRANSACTION) {
    await writeAndRenewPages({ db }, async (trx) => {
      for (let index = first; index < Math.min(first + PRODUCTS_PER_TRANSACTION, size.products); index++) {
        const category = categories[index % categories.length];
        const path = await insertMachine(trx, index, Math.floor(index / categories.length), category, pictures, now);
        if (paths.has(path)) throw new Error(`two bench products share the address ${path}`);
        paths.add(path);
        productPaths.push(path);
      }
    });
  }
  return { productPaths, categoryPaths: categories.map(({ row }) => categoryPath(row.slug)) };
}

interface Pictures {
  header: NewImage;
  photos: NewImage[];
  banners: NewImage[];
}

/**
 * Machine `index` of the catalogue, the `inCategory`th of its category: one of that demo category's
 * machines, with its values.
 */
async function insertMachine(
  db: Kysely<Database>,
  index: number,
  inCategory: number,
  {
    row: category,
    demo: demoCategory,
    makers,
  }: { row: NewCategory; demo: DemoCategory; makers: Map<string, ValueMaker> },
  pictures: Pictures,
  now: string,
): Promise<string> {
  const ownMachines = DEMO_PRODUCTS.filter((product) => product.category === demoCategory.name);
  const demo = ownMachines[inCategory % ownMachines.length];
  const model = `${demo.model} ${String(index + 1).padStart(5, "0")}`;
  const id = randomUUID();
  const slug = toSlug(model);
  await insertProduct(db, {
    id,
    model,
    slug,
    category_id: category.id,
    ...productHtml(demo, demoCategory),
    header_image_id: pictures.header.id,
    created_at: now,
    updated_at: now,
  });
  await insertProductValues(
    db,
    Object.entries(demo.values).flatMap(([name, value]) => {
      const make = makers.get(name);
      return make ? [make(id, value)] : [];
    }),
  );
  const gallery = Array.from(
    { length: demo.galleryCount },
    (_, position) => pictures.photos[(index + position) % PHOTO_COUNT].id,
  );
  await setGallery(db, id, gallery);
  return productPath(category.slug, slug);
}

async function renderPictures(now: string): Promise<Pictures> {
  const kind = DEMO_CATEGORIES[0].kind;
  const picture = async (svg: string, alt: string): Promise<NewImage> => ({
    id: randomUUID(),
    alt,
    created_at: now,
    ...(await renderJpeg(svg)),
  });
  const header = await picture(
    machinePictureSvg({ kind, title: "Bench", subtitle: "Antet", variant: 0, tone: 0, ...HEADER_SIZE }),
    buildAltText("Bench", "presentation", 1),
  );
  const photos = await Promise.all(
    Array.from({ length: PHOTO_COUNT }, (_, variant) =>
      picture(
        machinePictureSvg({ kind, title: "Bench", subtitle: "Galerie", variant, tone: variant, ...PHOTO_SIZE }),
        buildAltText("Bench", "photo", variant + 1),
      ),
    ),
  );
  const banners = await Promise.all(
    DEMO_BANNERS.map((banner, position) =>
      picture(
        bannerPictureSvg({ ...banner, variant: position }),
        buildAltText(banner.title, "presentation", position + 1),
      ),
    ),
  );
  return { header, photos, banners };
}
