import { z } from "zod";
import { nameField, recordId } from "./fields.ts";

/** The category payloads (spec §3, §5). */

export const categoryCreateSchema = z.object({
  name: nameField("REQUIRED_CATEGORY_NAME", "INVALID_CATEGORY_NAME"),
});

export const categoryUpdateSchema = z.object({
  uuid: recordId("ERROR_UPDATE_CATEGORY"),
  name: nameField("REQUIRED_CATEGORY_NAME", "INVALID_CATEGORY_NAME"),
});

export type CategoryCreateInput = z.infer<typeof categoryCreateSchema>;
export type CategoryUpdateInput = z.infer<typeof categoryUpdateSchema>;
