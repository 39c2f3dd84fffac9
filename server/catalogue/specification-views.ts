import type { Kysely } from "kysely";
import type {
  SpecificationValue,
  SpecificationValues,
  SpecificationView,
} from "../../common/specifications/specification-schema.ts";
import {
  listProductValues,
  listSpecificationOptions,
  listSpecifications,
  type StoredValue,
} from "../db/repositories/specifications.ts";
import type { Database, SpecificationOptionRow, SpecificationRow } from "../db/schema.ts";

/**
 * Specifications as replies give them (decision 057): the definitions of many categories and the
 * values of many machines, each read in bulk (a fixed number of queries however many rows).
 */

type Db = Kysely<Database>;

/** A definition and its options, in their order, as replies give them (and a revision's restore reads them). */
export function specificationView(
  row: Pick<SpecificationRow, "id" | "key" | "name" | "name_en" | "kind" | "unit" | "on_card" | "filter">,
  options: readonly Pick<SpecificationOptionRow, "id" | "key" | "name" | "name_en">[],
): SpecificationView {
  return {
    uuid: row.id,
    key: row.key,
    name: row.name,
    name_en: row.name_en,
    kind: row.kind,
    unit: row.unit,
    options: options.map((option) => ({
      uuid: option.id,
      key: option.key,
      name: option.name,
      name_en: option.name_en,
    })),
    on_card: row.on_card === 1,
    filter: row.filter === 1,
  };
}

/** Each category's definitions in its order (an empty list for a category without any). */
export async function specificationViewsByCategory(
  db: Db,
  categoryIds: readonly string[],
): Promise<Map<string, SpecificationView[]>> {
  const [definitions, options] = await Promise.all([
    listSpecifications(db, categoryIds),
    listSpecificationOptions(db, categoryIds),
  ]);
  const optionsBySpecification = Map.groupBy(options, (option) => option.specification_id);
  const byCategory = new Map<string, SpecificationView[]>(categoryIds.map((id) => [id, []]));
  for (const row of definitions)
    byCategory.get(row.category_id)?.push(specificationView(row, optionsBySpecification.get(row.id) ?? []));
  return byCategory;
}

/** The value a row holds in its kind's column; null when that column is empty. */
export function storedValue(row: StoredValue): SpecificationValue | null {
  switch (row.kind) {
    case "number":
      return row.number_value;
    case "choice":
      return row.option_id;
    case "yes_no":
      return row.yes_no === null ? null : row.yes_no === 1;
    case "text":
      return row.text_ro === null ? null : { ro: row.text_ro, en: row.text_en ?? "" };
  }
}

/** Each machine's values for its current category's specifications (an empty object for none). */
export async function specificationValuesByProduct(
  db: Db,
  productIds: readonly string[],
): Promise<Map<string, SpecificationValues>> {
  const byProduct = new Map<string, SpecificationValues>(productIds.map((id) => [id, {}]));
  for (const row of await listProductValues(db, productIds)) {
    const value = storedValue(row);
    const values = byProduct.get(row.product_id);
    if (value !== null && values) values[row.specification_id] = value;
  }
  return byProduct;
}
