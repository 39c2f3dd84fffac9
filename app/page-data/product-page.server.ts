import type { RouterContextProvider } from "react-router";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import { productPath } from "../../common/pages/page-urls.ts";
import { toSlug } from "../../common/text/slug.ts";
import type { SpecificationView } from "../../common/specifications/specification-schema.ts";
import { servicesOf } from "../page-request.server.ts";

/** The machine a product page's address names, the path of its page, and its category's specifications. */
export interface AddressedProduct {
  product: ProductView;
  /** The page's path as links write it: the address asked for is another spelling when it differs (a redirect). */
  canonical: string;
  definitions: SpecificationView[];
}

/**
 * What the product page and its spec sheet show, read by category and model slugs; undefined when
 * no machine has them (404). One read for both, so the sheet is made from the page's own data.
 */
export async function addressedProduct(
  context: Readonly<RouterContextProvider>,
  params: { category_name: string; product_model: string },
): Promise<AddressedProduct | undefined> {
  const { catalogue } = servicesOf(context);
  const product = await catalogue.product(params.category_name, params.product_model);
  if (!product) return undefined;
  // A product without category lives under the slug of 'Necunoscut', which has no list page.
  const canonical = productPath(product.category_slug ?? toSlug(product.category), product.slug);
  // The category's definitions (read once per catalogue version) name and order the machine's values.
  const definitions =
    (await catalogue.categories()).find((category) => category.uuid === product.category_uuid)?.specifications ?? [];
  return { product, canonical, definitions };
}
