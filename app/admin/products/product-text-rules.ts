import type { CategoryView } from "../../../common/catalogue/catalogue-views.ts";
import {
  PRODUCT_TEXT_FIELDS,
  type ProductText,
  type ProductTextField,
} from "../../../common/language/product-texts.ts";
import { productCreateSchema } from "../../../common/schemas/product.ts";
import { specificationFieldsSchema, type SpecificationFields } from "../specifications/product-specifications.ts";
import { PRODUCT_SPECIFICATIONS } from "../ui/texts.ts";
import { priceFieldsSchema, type PriceFields } from "./price-fields.ts";

/**
 * The product form's text fields, checked by the API's own schema (the same zod rules, so the same
 * codes and messages), the English beside each Romanian text. Its pictures follow
 * pictures/upload-rules.ts.
 */

const textFields = Object.fromEntries(PRODUCT_TEXT_FIELDS.map((field) => [field, true])) as Record<
  ProductTextField,
  true
>;

export const productTextSchema = productCreateSchema.pick({ category: true, model: true, units: true, ...textFields });

/** The form's rules: the texts', each specification field's against its category's definition, the prices'. */
export function productFormSchema(categories: readonly CategoryView[]) {
  const definitions = categories.flatMap((category) => category.specifications);
  return productTextSchema.extend({
    specifications: specificationFieldsSchema(definitions, PRODUCT_SPECIFICATIONS.ambiguousNumber),
    prices: priceFieldsSchema,
  });
}

/** The form's label of each rich text; its English field is labelled after it (`TRANSLATION.englishLabel`). */
export const PRODUCT_TEXT_LABELS: Record<ProductText, string> = {
  header_offer: "Antet Oferta",
  details: "Detalii",
  technical_data: "Date tehnice",
};

// A type, not an interface: the form helper takes values as a string-keyed record.
// `units` holds what the number field gives: a number, or "" while it is empty (refused by the rule).
export type ProductTextValues = {
  category: string;
  model: string;
  specifications: SpecificationFields;
  units: number | string;
  prices: PriceFields;
} & Record<ProductTextField, string>;
