import { z } from "../zod.ts";
import { uuidField } from "../fields/schema-fields.ts";

/**
 * The catalogue's export (decision 076): a workbook with a sheet per category, or the same as CSV (one
 * file for a category, a ZIP of one CSV per category for the whole catalogue). The product list's
 * "Exportati" menu and the API read the same query.
 */

export const CATALOGUE_EXPORT_FORMATS = ["xlsx", "csv"] as const;
export type CatalogueExportFormat = (typeof CATALOGUE_EXPORT_FORMATS)[number];

export const catalogueExportQuerySchema = z.object({
  format: z
    .enum(CATALOGUE_EXPORT_FORMATS, { error: "INVALID_CATALOGUE_EXPORT_FORMAT" })
    .default("xlsx")
    .meta({ description: "xlsx (the default): a workbook; csv: a category's CSV, or a ZIP of one CSV per category." }),
  category: uuidField("INVALID_CATALOGUE_EXPORT_CATEGORY")
    .optional()
    .meta({ description: "One category's id; absent = the whole catalogue." }),
});
export type CatalogueExportQuery = z.infer<typeof catalogueExportQuerySchema>;
