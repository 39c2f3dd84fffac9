import type { Kysely } from "kysely";
import {
  UNKNOWN_CATEGORY,
  type BannerView,
  type CategoryView,
  type ConfigurationEntry,
  type ListedProductCardView,
  type PictureView,
  type ProductCardView,
  type ProductView,
} from "../../common/catalogue/catalogue-views.ts";
import { bannerImagePath, categoryImagePath, productImagePath } from "../../common/media/media-paths.ts";
import { toSlug } from "../../common/text/slug.ts";
import { productTextsOf } from "../../common/language/product-texts.ts";
import type { SpecificationValues } from "../../common/specifications/specification-schema.ts";
import { listBanners } from "../db/repositories/banners.ts";
import { findCategoryById, findCategoryBySlug, listCategories } from "../db/repositories/categories.ts";
import { listConfiguration } from "../db/repositories/configuration.ts";
import { findImageMetas, type ImageMeta } from "../db/repositories/images.ts";
import {
  findProductById,
  findProductBySlug,
  findProductCardsByIds,
  findProductsByIds,
  galleryImageIds,
  listProductCardsOfCategory,
  listProducts,
  listProductsOfCategory,
  listSearchableProducts,
  type CategoryColumns,
  type ProductWithCategory,
} from "../db/repositories/products.ts";
import { listProductValueColumns } from "../db/repositories/specifications.ts";
import type { CategoryRow, Database } from "../db/schema.ts";
import { specificationValuesByProduct, specificationViewsByCategory, storedValue } from "./specification-views.ts";

/** The read side of the catalogue: rows turned into the reply shapes that the API and the pages share. */

type Db = Kysely<Database>;

function picture(meta: ImageMeta | undefined, path: (meta: ImageMeta) => string): PictureView {
  if (!meta) throw new Error("Image row missing for a stored reference");
  return { image: path(meta), alt: meta.alt, width: meta.width, height: meta.height };
}

async function categoryViews(db: Db, rows: CategoryRow[]): Promise<CategoryView[]> {
  const [metas, specifications] = await Promise.all([
    findImageMetas(
      db,
      rows.flatMap((row) => (row.header_image_id ? [row.header_image_id] : [])),
    ),
    specificationViewsByCategory(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => {
    const meta = row.header_image_id ? metas.get(row.header_image_id) : undefined;
    return {
      uuid: row.id,
      name: row.name,
      name_en: row.name_en,
      slug: row.slug,
      header_photo: meta ? categoryImagePath(row.slug, meta.id, meta.mime_type) : null,
      specifications: specifications.get(row.id) ?? [],
      version: row.version,
    };
  });
}

/** A machine's category as its views give it: the category 'Necunoscut' once its own was deleted. */
function categoryOf(
  row: CategoryColumns & { category_id: string | null },
): Pick<ProductView, "category" | "category_en" | "category_uuid" | "category_slug"> {
  return {
    category: row.category_name ?? UNKNOWN_CATEGORY,
    category_en: row.category_name_en ?? "",
    category_uuid: row.category_id,
    category_slug: row.category_slug,
  };
}

async function productViews(db: Db, rows: ProductWithCategory[]): Promise<ProductView[]> {
  const ids = rows.map((row) => row.id);
  const [galleries, values] = await Promise.all([galleryImageIds(db, ids), specificationValuesByProduct(db, ids)]);
  const metas = await findImageMetas(db, [
    ...rows.map((row) => row.header_image_id),
    ...[...galleries.values()].flat(),
  ]);
  return rows.map((row) => {
    const path = (meta: ImageMeta) => productImagePath(row.category_slug, row.slug, meta.id, meta.mime_type);
    return {
      uuid: row.id,
      model: row.model,
      slug: row.slug,
      ...categoryOf(row),
      ...productTextsOf(row),
      header_photo: picture(metas.get(row.header_image_id), path),
      gallery: (galleries.get(row.id) ?? []).map((id) => picture(metas.get(id), path)),
      specifications: values.get(row.id) ?? {},
      units: row.units,
      version: row.version,
    };
  });
}

async function oneProduct(db: Db, row: ProductWithCategory | undefined): Promise<ProductView | undefined> {
  return row ? (await productViews(db, [row]))[0] : undefined;
}

export async function allCategories(db: Db): Promise<CategoryView[]> {
  return categoryViews(db, await listCategories(db));
}

export async function categoryById(db: Db, id: string): Promise<CategoryView | undefined> {
  const row = await findCategoryById(db, id);
  return row ? (await categoryViews(db, [row]))[0] : undefined;
}

export async function categoryByName(db: Db, name: string): Promise<CategoryView | undefined> {
  const row = await findCategoryBySlug(db, toSlug(name));
  return row ? (await categoryViews(db, [row]))[0] : undefined;
}

export async function allProducts(db: Db): Promise<ProductView[]> {
  return productViews(db, await listProducts(db));
}

/** Undefined when the category does not exist; an empty list when it has no products. */
export async function productsOfCategory(db: Db, categoryId: string): Promise<ProductView[] | undefined> {
  const category = await findCategoryById(db, categoryId);
  return category ? productViews(db, await listProductsOfCategory(db, category.id)) : undefined;
}

/**
 * A category page's machines, as productsOfCategory orders them, with only what their cards and
 * filters read: its 200 machines' rich texts in two languages and their galleries are most of what
 * productsOfCategory reads, and the page shows none of it. `category`: as the page found it.
 */
export async function productCardsOfCategory(
  db: Db,
  category: Pick<CategoryView, "uuid" | "slug">,
): Promise<ProductCardView[]> {
  const rows = await listProductCardsOfCategory(db, category.uuid);
  const ids = rows.map((row) => row.id);
  const [values, metas] = await Promise.all([
    specificationValuesByProduct(db, ids),
    findImageMetas(
      db,
      rows.map((row) => row.header_image_id),
    ),
  ]);
  return rows.map((row) => ({
    uuid: row.id,
    model: row.model,
    slug: row.slug,
    header_photo: picture(metas.get(row.header_image_id), (meta) =>
      productImagePath(category.slug, row.slug, meta.id, meta.mime_type),
    ),
    specifications: values.get(row.id) ?? {},
  }));
}

export async function productsOfCategoryName(db: Db, name: string): Promise<ProductView[] | undefined> {
  const category = await findCategoryBySlug(db, toSlug(name));
  return category ? productViews(db, await listProductsOfCategory(db, category.id)) : undefined;
}

export async function productById(db: Db, id: string): Promise<ProductView | undefined> {
  return oneProduct(db, await findProductById(db, id));
}

/** The machines of these ids that exist, in the order asked (the compare page). */
export async function productsByIds(db: Db, ids: readonly string[]): Promise<ProductView[]> {
  const found = new Map(
    (await productViews(db, await findProductsByIds(db, ids))).map((product) => [product.uuid, product]),
  );
  return ids.flatMap((id) => found.get(id) ?? []);
}

/**
 * The cards of the machines of these ids that exist, in the order asked (the search's results): as
 * productCardsOfCategory, without rich texts nor galleries, each with its category.
 */
export async function productCardsByIds(db: Db, ids: readonly string[]): Promise<ListedProductCardView[]> {
  const rows = await findProductCardsByIds(db, ids);
  const found = rows.map((row) => row.id);
  const [values, metas] = await Promise.all([
    specificationValuesByProduct(db, found),
    findImageMetas(
      db,
      rows.map((row) => row.header_image_id),
    ),
  ]);
  const cards = new Map(
    rows.map((row): [string, ListedProductCardView] => [
      row.id,
      {
        uuid: row.id,
        model: row.model,
        slug: row.slug,
        ...categoryOf(row),
        header_photo: picture(metas.get(row.header_image_id), (meta) =>
          productImagePath(row.category_slug, row.slug, meta.id, meta.mime_type),
        ),
        specifications: values.get(row.id) ?? {},
      },
    ]),
  );
  return ids.flatMap((id) => cards.get(id) ?? []);
}

/**
 * A machine as the site's search indexes it (decision 060): its searchable texts and typed values,
 * not its pictures nor its long texts.
 */
export interface SearchableProduct {
  uuid: string;
  model: string;
  slug: string;
  category_uuid: string | null;
  header_offer: string;
  header_offer_en: string;
  specifications: SpecificationValues;
}

/**
 * `limit` machines after the uuid `after` (null: from the first), in uuid order: the search reads
 * the catalogue a page at a time. Their values are those of their category's specifications, as
 * everywhere, told apart here with `categories` (all of them) rather than joins.
 */
export async function searchableProducts(
  db: Db,
  categories: readonly CategoryView[],
  after: string | null,
  limit: number,
): Promise<SearchableProduct[]> {
  const rows = await listSearchableProducts(db, after, limit);
  const definitions = new Map(
    categories.flatMap((category) =>
      category.specifications.map(
        (definition) => [definition.uuid, { category: category.uuid, kind: definition.kind }] as const,
      ),
    ),
  );
  const categoryOf = new Map(rows.map((row) => [row.id, row.category_id]));
  const values = new Map<string, SpecificationValues>(rows.map((row) => [row.id, {}]));
  for (const row of await listProductValueColumns(
    db,
    rows.map((product) => product.id),
  )) {
    const definition = definitions.get(row.specification_id);
    if (definition === undefined || definition.category !== categoryOf.get(row.product_id)) continue;
    const value = storedValue({ ...row, kind: definition.kind });
    const ofProduct = values.get(row.product_id);
    if (value !== null && ofProduct) ofProduct[row.specification_id] = value;
  }
  return rows.map((row) => ({
    uuid: row.id,
    model: row.model,
    slug: row.slug,
    category_uuid: row.category_id,
    header_offer: row.header_offer,
    header_offer_en: row.header_offer_en,
    specifications: values.get(row.id) ?? {},
  }));
}

export async function productByModel(db: Db, model: string): Promise<ProductView | undefined> {
  return oneProduct(db, await findProductBySlug(db, toSlug(model)));
}

/** The product page's lookup: both slugs must match, so a model is not shown under a foreign category. */
export async function productByCategoryAndModel(
  db: Db,
  categoryName: string,
  model: string,
): Promise<ProductView | undefined> {
  const product = await findProductBySlug(db, toSlug(model));
  if (!product || (product.category_slug ?? toSlug(UNKNOWN_CATEGORY)) !== toSlug(categoryName)) return undefined;
  return oneProduct(db, product);
}

export async function allBanners(db: Db): Promise<BannerView[]> {
  const rows = await listBanners(db);
  const metas = await findImageMetas(
    db,
    rows.map((row) => row.image_id),
  );
  return rows.map((row) => ({
    uuid: row.id,
    ...picture(metas.get(row.image_id), (meta) => bannerImagePath(meta.id, meta.mime_type)),
    alt_en: row.alt_en,
    caption: row.caption,
    caption_en: row.caption_en,
    version: row.version,
  }));
}

export async function configurationEntries(db: Db): Promise<ConfigurationEntry[]> {
  const rows = await listConfiguration(db);
  return rows.map((row) => ({ uuid: row.id, key: row.key, value: row.value, version: row.version }));
}
