import { productCreateSchema } from "../../../common/schemas/product.ts";

/**
 * The product form's text fields, checked by the API's own schema (the same zod rules, so the same
 * codes and messages). Its pictures follow pictures/upload-rules.ts.
 */

export const productTextSchema = productCreateSchema.pick({
  category: true,
  model: true,
  header_offer: true,
  details: true,
  technical_data: true,
});

// A type, not an interface: the form helper takes values as a string-keyed record.
export type ProductTextValues = {
  category: string;
  model: string;
  header_offer: string;
  details: string;
  technical_data: string;
};
