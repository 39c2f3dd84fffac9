import { UNKNOWN_CATEGORY, type ProductView } from "../../../common/catalogue/catalogue-views.ts";
import { toSlug } from "../../../common/text/slug.ts";
import { productPath } from "../../../common/pages/page-urls.ts";

/**
 * After a save the form goes back to the list (spec §4); the list then offers a link to the
 * product's public page. What it needs travels in the navigation's state.
 */
export interface SavedProduct {
  model: string;
  publicPath: string;
}

/** The public page of a product (spec §2): /categorie/{category}/utilaj/{model}, slugs in the path. */
export function publicProductPath(product: ProductView): string {
  return productPath(product.category_slug ?? toSlug(UNKNOWN_CATEGORY), product.slug);
}

export function savedProductState(product: ProductView): { saved: SavedProduct } {
  return { saved: { model: product.model, publicPath: publicProductPath(product) } };
}

export function savedProductNotice(state: unknown): SavedProduct | undefined {
  const saved = (state as { saved?: Partial<SavedProduct> } | null)?.saved;
  return typeof saved?.model === "string" && typeof saved.publicPath === "string"
    ? { model: saved.model, publicPath: saved.publicPath }
    : undefined;
}
