import { z } from "../zod.ts";
import { uuidField } from "../fields/schema-fields.ts";

/**
 * The catalogue's export (decision 076): a workbook with a sheet per category, the same as CSV (one
 * file for a category, a ZIP of one CSV per category for the whole catalogue), or a ZIP of the
 * workbook and every machine's pictures. The product list's "Exportati" menu and the API read the
 * same query.
 */

export const CATALOGUE_EXPORT_FORMATS = ["xlsx", "csv", "zip"] as const;
export type CatalogueExportFormat = (typeof CATALOGUE_EXPORT_FORMATS)[number];

export const catalogueExportQuerySchema = z.object({
  format: z.enum(CATALOGUE_EXPORT_FORMATS, { error: "INVALID_CATALOGUE_EXPORT_FORMAT" }).default("xlsx").meta({
    description:
      "xlsx (the default): a workbook; csv: a category's CSV, or a ZIP of one CSV per category; zip: the workbook and the pictures.",
  }),
  category: uuidField("INVALID_CATALOGUE_EXPORT_CATEGORY")
    .optional()
    .meta({ description: "One category's id; absent = the whole catalogue." }),
});
export type CatalogueExportQuery = z.infer<typeof catalogueExportQuerySchema>;
