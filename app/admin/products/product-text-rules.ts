import type { CategoryView } from "../../../common/catalogue/catalogue-views.ts";
import { productCreateSchema } from "../../../common/schemas/product.ts";
import { specificationFieldsSchema, type SpecificationFields } from "../specifications/product-specifications.ts";
import { PRODUCT_SPECIFICATIONS } from "../ui/texts.ts";

/**
 * The product form's text fields, checked by the API's own schema (the same zod rules, so the same
 * codes and messages), the English beside each Romanian text. Its pictures follow
 * pictures/upload-rules.ts.
 */

export const productTextSchema = productCreateSchema.pick({
  category: true,
  model: true,
  header_offer: true,
  details: true,
  technical_data: true,
  header_offer_en: true,
  details_en: true,
  technical_data_en: true,
  units: true,
});

/** The form's rules: the texts', and each specification field's against its category's definition. */
export function productFormSchema(categories: readonly CategoryView[]) {
  const definitions = categories.flatMap((category) => category.specifications);
  return productTextSchema.extend({
    specifications: specificationFieldsSchema(definitions, PRODUCT_SPECIFICATIONS.ambiguousNumber),
  });
}

/** The product's rich texts, each written in Romanian and in English (`<name>_en`). */
export type RichTextName = "header_offer" | "details" | "technical_data";

// A type, not an interface: the form helper takes values as a string-keyed record.
// `units` holds what the number field gives: a number, or "" while it is empty (refused by the rule).
export type ProductTextValues = {
  category: string;
  model: string;
  specifications: SpecificationFields;
  units: number | string;
} & Record<RichTextName | `${RichTextName}_en`, string>;
