import { UNKNOWN_CATEGORY } from "../../common/catalogue/catalogue-views.ts";
import { productPath } from "../../common/pages/page-urls.ts";
import { toSlug } from "../../common/text/slug.ts";

/** A product's page when its category may be gone: it then lives under the slug of 'Necunoscut' (spec §2). */
export function productPathOf(categorySlug: string | null, productSlug: string): string {
  return productPath(categorySlug ?? toSlug(UNKNOWN_CATEGORY), productSlug);
}
