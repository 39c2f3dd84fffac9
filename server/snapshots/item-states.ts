import type { Kysely } from "kysely";
import { z } from "zod";
import { PRODUCT_TEXT_FIELDS, type ProductTextField } from "../../common/language/product-texts.ts";
import { SPECIFICATION_KINDS } from "../../common/specifications/specification-schema.ts";
import { isUnitKey } from "../../common/specifications/units.ts";
import { galleryImageIds } from "../db/repositories/products.ts";
import { categoryDefinitionRows, productValueRows } from "../db/repositories/specifications.ts";
import type { CategoryRow, Database, ProductRow } from "../db/schema.ts";

/**
 * What a machine and a category "are", as rows: the one reader of an item's state, shared by the
 * trash (decision 074: the snapshot of a deleted item) and the revisions (decision 078: the state
 * after each save). The schemas read back what was stored, so an old snapshot still parses.
 */

export const valueRowState = z.object({
  product_id: z.string(),
  specification_id: z.string(),
  number_value: z.number().nullable(),
  option_id: z.string().nullable(),
  yes_no: z.number().nullable(),
  text_ro: z.string().nullable(),
  text_en: z.string().nullable(),
});

const productTextStates = Object.fromEntries(PRODUCT_TEXT_FIELDS.map((field) => [field, z.string()])) as Record<
  ProductTextField,
  z.ZodString
>;

/** A machine: its row (without its edit version), its gallery in order, its typed values. */
export const productState = z.object({
  product: z.object({
    id: z.string(),
    model: z.string(),
    slug: z.string(),
    category_id: z.string().nullable(),
    ...productTextStates,
    header_image_id: z.string(),
    /** Snapshots taken before the fleet had units come back with one unit, as the migration gave every machine. */
    units: z.number().int().nonnegative().default(1),
    /** Its prices (decision 089); snapshots taken before prices existed come back with none. */
    price_day: z.number().int().nullable().default(null),
    price_week: z.number().int().nullable().default(null),
    price_month: z.number().int().nullable().default(null),
    price_deposit: z.number().int().nullable().default(null),
    price_operator_day: z.number().int().nullable().default(null),
    price_minimum_days: z.number().int().nullable().default(null),
    price_on_request: z.number().int().default(0),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  gallery: z.array(z.string()),
  values: z.array(valueRowState),
});
export type ProductState = z.output<typeof productState>;

/** A category: its row (without its edit version), its specifications in order and their options. */
export const categoryState = z.object({
  category: z.object({
    id: z.string(),
    name: z.string(),
    name_en: z.string(),
    slug: z.string(),
    header_image_id: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  specifications: z.array(
    z.object({
      id: z.string(),
      category_id: z.string(),
      key: z.string(),
      name: z.string(),
      name_en: z.string(),
      kind: z.enum(SPECIFICATION_KINDS),
      unit: z.string().refine(isUnitKey).nullable(),
      position: z.number(),
      on_card: z.number(),
      filter: z.number(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  options: z.array(
    z.object({
      id: z.string(),
      specification_id: z.string(),
      key: z.string(),
      name: z.string(),
      name_en: z.string(),
      position: z.number(),
    }),
  ),
});
export type CategoryState = z.output<typeof categoryState>;

export async function readProductState(db: Kysely<Database>, product: ProductRow): Promise<ProductState> {
  const { version: _version, ...row } = product;
  return {
    product: row,
    gallery: (await galleryImageIds(db, [product.id])).get(product.id) ?? [],
    values: await productValueRows(db, product.id),
  };
}

export async function readCategoryState(db: Kysely<Database>, category: CategoryRow): Promise<CategoryState> {
  const { version: _version, ...row } = category;
  return { category: row, ...(await categoryDefinitionRows(db, category.id)) };
}

/** The pictures a machine's state shows: its header picture first, then its gallery. */
export function productPictureIds(state: ProductState): string[] {
  return [state.product.header_image_id, ...state.gallery];
}
