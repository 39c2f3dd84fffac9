import { UNKNOWN_CATEGORY } from "../../../common/catalogue/catalogue-views.ts";
import { productTranslation, type TranslatableProduct } from "../../../common/language/translation-state.ts";
import { matchesTranslation, type TranslationFilter } from "../translation/translation-filter.ts";

/**
 * The product list's filters (spec §2, §9): one category (or all), a case-insensitive substring of
 * the model, and how far the English goes; a product is shown when it passes all three.
 */

export interface ListedProduct extends TranslatableProduct {
  uuid: string;
  model: string;
  category: string;
}

export interface ProductFilters {
  category: string;
  search: string;
  translation: TranslationFilter;
}

/** The category filter's value for 'Toate categoriile'. */
export const ALL_CATEGORIES = "";

export function filterProducts<T extends ListedProduct>(
  products: readonly T[],
  { category, search, translation }: ProductFilters,
): T[] {
  const needle = search.trim().toLocaleLowerCase("ro-RO");
  return products.filter(
    (product) =>
      (category === ALL_CATEGORIES || product.category === category) &&
      product.model.toLocaleLowerCase("ro-RO").includes(needle) &&
      matchesTranslation(productTranslation(product), translation),
  );
}

/** Rows of a deleted category show muted (spec §2). */
export function isUncategorised(product: Pick<ListedProduct, "category">): boolean {
  return product.category === UNKNOWN_CATEGORY;
}
