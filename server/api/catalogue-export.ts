import { z } from "zod";
import { catalogueExportQuerySchema } from "../../common/catalogue/catalogue-export.ts";
import { exportCatalogue } from "../spreadsheets/catalogue-export.ts";
import { adminRoute, apiRouter, errorReplies } from "./route-factory.ts";
import { attachmentDisposition } from "../http/attachment.ts";
import { releasingMemoryWhenLarge } from "../http/after-answer.ts";

const file = z.string().meta({ format: "binary" });

/** The catalogue as a spreadsheet (decision 076): GET /api/catalogue/export. */
export const catalogueExportRoutes = apiRouter().openapi(
  adminRoute({
    method: "get",
    path: "/export",
    operationId: "exportCatalogue",
    right: "catalogue.read",
    tags: ["products"],
    summary: "The catalogue (or one category) as a spreadsheet",
    description:
      "A workbook (xlsx): a 'Citiți-mă' sheet on how to edit and import it back, one sheet per category (the category's name, cut to Excel's 31 characters and made distinct, in its tab) with a row per machine, then a 'Note' sheet on what a spreadsheet cannot hold. Columns: id, Categorie, Model, each rich text in Romanian and in English (` [EN]`) as editable text (paragraphs separated by a blank line, list items starting with `- `, a table's cells joined by ` | `), then one column per specification, headed by its Romanian name and unit ('Masă operațională (kg)'): numbers as numbers, a choice by its option's Romanian name, yes/no as da/nu, a text specification in two columns (Romanian, ` [EN]`). Header row frozen. csv: the same columns, UTF-8 with a byte-order mark, every field quoted, numbers with a decimal point; one category's CSV, or for the whole catalogue a ZIP of one CSV per category named by its slug. A text starting with = + - @ (or a tab / CR, or apostrophes before them) gets a leading apostrophe (formula injection). zip: the workbook (`catalog.xlsx`) and a folder per machine, named by its slug, with its pictures as uploaded: `01-antet.<ext>` the header picture, then `02-galerie.<ext>`… its gallery in order. Machines without a category are not exported. The file is made while it is sent.",
    request: { query: catalogueExportQuerySchema },
    responses: {
      200: {
        description: "The file, as an attachment.",
        content: {
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { schema: file },
          "text/csv": { schema: file },
          "application/zip": { schema: file },
        },
      },
      ...errorReplies({
        400: "INVALID_CATALOGUE_EXPORT_FORMAT: format is not xlsx, csv or zip; INVALID_CATALOGUE_EXPORT_CATEGORY: category is not a uuid.",
        404: "ERROR_GET_CATEGORY: no category has this id.",
      }),
    },
  }),
  async (c) => {
    const download = await exportCatalogue(c.var.services, c.req.valid("query"));
    return c.body(releasingMemoryWhenLarge(c, download.body), 200, {
      "Content-Type": download.contentType,
      "Content-Disposition": attachmentDisposition(download.fileName),
    });
  },
);
