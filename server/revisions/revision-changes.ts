import { PRODUCT_TEXT_FIELDS } from "../../common/language/product-texts.ts";
import { PRICE_COLUMNS } from "../db/repositories/products.ts";
import type { CategoryState, ProductState } from "../snapshots/item-states.ts";
import type { ItemState } from "./revision-state.ts";

/**
 * Which fields differ between two states of one item, in the order a form shows them: the words of
 * a revision's summary and the list its changes are read from.
 */

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A value as a revision compares it: what it says, not which row holds it. */
const valueKey = (value: ProductState["values"][number]) => {
  const { product_id: _product, ...rest } = value;
  return rest;
};

function productFields(before: ProductState, after: ProductState): string[] {
  const fields: string[] = [];
  if (before.product.model !== after.product.model) fields.push("model");
  if (before.product.category_id !== after.product.category_id) fields.push("category");
  for (const field of PRODUCT_TEXT_FIELDS) if (before.product[field] !== after.product[field]) fields.push(field);
  if (before.product.units !== after.product.units) fields.push("units");
  if (PRICE_COLUMNS.some((column) => before.product[column] !== after.product[column])) fields.push("prices");
  if (before.product.header_image_id !== after.product.header_image_id) fields.push("header_photo");
  if (!same(before.gallery, after.gallery)) fields.push("gallery");
  if (!same(before.values.map(valueKey), after.values.map(valueKey))) fields.push("specifications");
  return fields;
}

/** A definition as a revision compares it: its words, kind, unit, place and options, not its timestamps. */
function definitions(state: CategoryState) {
  return state.specifications.map(({ created_at: _c, updated_at: _u, ...rest }) => ({
    ...rest,
    options: state.options.filter((option) => option.specification_id === rest.id),
  }));
}

function categoryFields(before: CategoryState, after: CategoryState): string[] {
  const fields: string[] = [];
  if (before.category.name !== after.category.name) fields.push("name");
  if (before.category.name_en !== after.category.name_en) fields.push("name_en");
  if (!same(definitions(before), definitions(after))) fields.push("specifications");
  return fields;
}

/** The changed fields from `before` to `after` (configuration keys by their keys). */
export function changedFields(before: ItemState, after: ItemState): string[] {
  if (before.kind === "product" && after.kind === "product") return productFields(before.state, after.state);
  if (before.kind === "category" && after.kind === "category") return categoryFields(before.state, after.state);
  if (before.kind === "configuration" && after.kind === "configuration") {
    const keys = [...new Set([...Object.keys(before.state.entries), ...Object.keys(after.state.entries)])].sort();
    return keys.filter((key) => (before.state.entries[key] ?? "") !== (after.state.entries[key] ?? ""));
  }
  throw new Error(`Revisions of a ${before.kind} and a ${after.kind} compared`);
}
