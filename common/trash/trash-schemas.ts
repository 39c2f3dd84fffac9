import { z } from "../zod.ts";
import { nameField } from "../fields/schema-fields.ts";
import { categoryName } from "../schemas/category.ts";

/**
 * The trash ('Cos', decision 074): what was deleted, by whom and when, and the restore call's
 * payload. One module for the admin screen, the API's validation and its OpenAPI document.
 */

export const TRASH_KINDS = ["product", "category", "banner"] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

export const trashEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(TRASH_KINDS),
  itemId: z.string(),
  itemName: z.string(),
  deletedAt: z.string().meta({ description: "ISO-8601, UTC." }),
  userName: z.string(),
  /** When housekeeping purges it (TRASH_RETENTION_DAYS after the deletion). */
  purgeAt: z.string().meta({ description: "ISO-8601, UTC." }),
});
export type TrashEntry = z.output<typeof trashEntrySchema>;

export const trashListSchema = z.object({ items: z.array(trashEntrySchema) });
export type TrashList = z.output<typeof trashListSchema>;

/** POST /api/trash/{id}/restore: a machine whose model was taken meanwhile comes back under `model`. */
export const trashRestoreSchema = z.object({
  model: nameField("REQUIRED_PRODUCT_MODEL", "INVALID_PRODUCT_MODEL").optional(),
  /**
   * A machine whose category is in the trash too: true restores both, false the machine alone without
   * a category; left out, 409 TRASH_CATEGORY_IN_TRASH asks which.
   */
  restore_category: z.boolean({ error: "INVALID_TRASH_RESTORE_CATEGORY" }).optional(),
  /** A category restored (itself, or with its machine) whose name another took meanwhile comes back under this one. */
  category_name: categoryName.optional(),
});
export type TrashRestoreInput = z.output<typeof trashRestoreSchema>;
