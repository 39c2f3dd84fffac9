import { UNKNOWN_CATEGORY } from "../../../common/catalogue.ts";

/** The product list's filters (spec §2, §9): one category (or all), and a case-insensitive substring of the model. */

export interface ListedProduct {
  uuid: string;
  model: string;
  category: string;
}

/** The category filter's value for 'Toate categoriile'. */
export const ALL_CATEGORIES = "";

export function filterProducts<T extends ListedProduct>(products: readonly T[], category: string, search: string): T[] {
  const needle = search.trim().toLocaleLowerCase("ro-RO");
  return products.filter(
    (product) =>
      (category === ALL_CATEGORIES || product.category === category) &&
      product.model.toLocaleLowerCase("ro-RO").includes(needle),
  );
}

/** Rows of a deleted category show muted (spec §2). */
export function isUncategorised(product: ListedProduct): boolean {
  return product.category === UNKNOWN_CATEGORY;
}
