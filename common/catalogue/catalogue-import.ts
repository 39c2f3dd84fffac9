import { z } from "../zod.ts";

/**
 * The import's dry run (decision 076): what a spreadsheet would do to the catalogue, row by row,
 * before anything is written. Each refusal names its cell ("Excavatoare!F7") and carries the product
 * form's code and message.
 */

export const IMPORT_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_ROWS_MAX = 5000;
/**
 * Columns a row may have: the export writes at most id, Categorie, Model, six texts, two columns
 * for each of a category's 30 specifications and the units; room for a few of a person's own.
 */
export const IMPORT_COLUMNS_MAX = 80;
/** The pictures of a ZIP (decision 079), unpacked, in all. */
export const IMPORT_PICTURES_MAX_BYTES = 200 * 1024 * 1024;
/** A ZIP of the workbook and its pictures: the two limits together (pictures barely pack). */
export const IMPORT_ZIP_MAX_BYTES = IMPORT_FILE_MAX_BYTES + IMPORT_PICTURES_MAX_BYTES;

export const IMPORT_ROW_KINDS = ["new", "changed", "unchanged", "refused"] as const;
export type ImportRowKind = (typeof IMPORT_ROW_KINDS)[number];

export const importChangeSchema = z.object({
  /** The column's header, as the export writes it ("Masă operațională (kg)"). */
  field: z.string(),
  old: z.string(),
  new: z.string(),
});

export const importRefusalSchema = z.object({
  cell: z.string().meta({ description: 'The cell, as a spreadsheet names it: "Excavatoare!F7".' }),
  code: z.string(),
  message: z.string().meta({ description: "The code's Romanian message, as the product form shows it." }),
  entry: z.string().optional().meta({
    description: "The picture in the ZIP the refusal is about ('cat-320-gc/02-galerie.jpg'), when it is one.",
  }),
});

export const importRowSchema = z.object({
  sheet: z.string(),
  row: z.number().int(),
  kind: z.enum(IMPORT_ROW_KINDS),
  model: z.string(),
  uuid: z
    .string()
    .nullable()
    .meta({ description: "The matched machine; null for a new one or a refused row without a match." }),
  changes: z.array(importChangeSchema),
  refusals: z.array(importRefusalSchema),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewSchema = z.object({
  rows: z.array(importRowSchema),
  counts: z.object({ new: z.number(), changed: z.number(), unchanged: z.number(), refused: z.number() }),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** What a committed import did (decision 077): no row is refused, or nothing is written. */
export const importSummarySchema = z.object({
  created: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const IMPORT_PROGRESS_PHASES = ["pictures", "writing"] as const;

/**
 * A commit's progress (decision 079), one JSON line each when the commit is asked with
 * `Accept: application/x-ndjson`: the new machines' pictures made (`pictures`, 0 to the new rows),
 * then the machines written in the transaction (`writing`, 0 to the new and changed rows); the last
 * line is the summary, or the error that ended the commit with its status (nothing written).
 */
export const importProgressSchema = z.object({
  phase: z.enum(IMPORT_PROGRESS_PHASES),
  done: z.number().int(),
  total: z.number().int(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

export const importProgressLineSchema = z.union([
  z.object({ progress: importProgressSchema }),
  z.object({ summary: importSummarySchema }),
  z.object({
    status: z.number().int(),
    error: z.object({ code: z.string(), message: z.string() }).optional(),
    errors: z.array(z.object({ msg: z.string(), path: z.string() })).optional(),
  }),
]);
export type ImportProgressLine = z.infer<typeof importProgressLineSchema>;

/** "12 create, 37 modificate, 71 neschimbate": the summary as the dialog and the activity log say it. */
export function importSummaryText(summary: ImportSummary): string {
  return `${summary.created} create, ${summary.changed} modificate, ${summary.unchanged} neschimbate`;
}
