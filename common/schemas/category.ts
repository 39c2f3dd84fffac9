import { z } from "../zod.ts";
import { toSlug } from "../text/slug.ts";
import { categorySpecificationsField, confirmValueChangesField } from "../specifications/specification-input.ts";
import { editVersionField, englishNameField, nameField, recordId } from "../fields/schema-fields.ts";

/** The category payloads (spec §3, §5). */

/**
 * Slugs a category may not have: spec §7's GET /product/{category_name}/{product_model} shares its
 * shape with /product/category/{id}, /product/details/{id} and the admin's /product/edit/{id}, so a
 * category called "Category", "Details" or "Edit" would be read as one of those calls (its machines
 * out of the API's reach). Refused with a clear message rather than guessed; a new call of that
 * shape adds its segment here (tests/unit/product-paths.test.ts fails until it does).
 */
export const RESERVED_CATEGORY_SLUGS: readonly string[] = ["category", "details", "edit"];

/** A category's name: its forms', and the trash's restore under a new one. */
export const categoryName = nameField("REQUIRED_CATEGORY_NAME", "INVALID_CATEGORY_NAME").refine(
  (name) => !RESERVED_CATEGORY_SLUGS.includes(toSlug(name)),
  { error: "RESERVED_CATEGORY_NAME" },
);

/** The English name, additive to spec §7's payloads: left out, an update keeps the stored one. */
const categoryNameEn = englishNameField("INVALID_CATEGORY_NAME_EN");

/** The typed specifications, additive too: left out, the stored definitions are kept. */
export const categoryCreateSchema = z.object({
  name: categoryName,
  name_en: categoryNameEn,
  specifications: categorySpecificationsField,
});

export const categoryUpdateSchema = z.object({
  uuid: recordId("ERROR_UPDATE_CATEGORY"),
  name: categoryName,
  name_en: categoryNameEn,
  specifications: categorySpecificationsField,
  confirm_value_changes: confirmValueChangesField,
  version: editVersionField,
});

export type CategoryCreateInput = z.infer<typeof categoryCreateSchema>;
export type CategoryUpdateInput = z.infer<typeof categoryUpdateSchema>;
