import { rm } from "node:fs/promises";
import type { Kysely } from "kysely";
import { importSummaryText, type ImportProgress, type ImportSummary } from "../../common/catalogue/catalogue-import.ts";
import { logActivity, type Actor } from "../activity/activity-log.ts";
import { HttpError } from "../core/errors.ts";
import { writeAndRenewPages } from "../writes/write-and-renew-pages.ts";
import type { CatalogueServices } from "../catalogue/services.ts";
import { createImportedProduct, writeImportedProduct } from "../catalogue/writes-products.ts";
import type { Database } from "../db/schema.ts";
import { recordRevision, revisionBaseline } from "../revisions/record-revision.ts";
import { stagedImage, stagePictures, type StagedPicture } from "./import-pictures.ts";
import { previewImport, type CheckedImport } from "./import-preview.ts";
import type { ImportPictures } from "./import-zip.ts";
import type { SheetRow } from "./sheet-rows.ts";

/**
 * The import's commit (decisions 077, 079): the file is checked again as the dry run checks it, and
 * only a file without a refused row is written. New machines' pictures go through the upload's
 * pipeline first, staged on disk in `staging` (removed after, whatever happens); then every changed
 * and every new machine is written in one writeAndRenewPages: one transaction, the cached pages of both
 * languages renewed once, after it. A throw anywhere (a save of one of its machines since the file
 * was read included) writes nothing. An import that changes something is one entry in the activity
 * log, and a revision per machine naming it (the import is undone through them), in the same
 * transaction.
 */

export interface ImportSource {
  rows: AsyncIterable<SheetRow>;
  /** The uploaded ZIP's pictures, when the file came in one. */
  pictures?: ImportPictures;
  /** Where the commit stages the new machines' pictures (a folder it creates and removes). */
  staging: string;
}

/** The file checked as the dry run checks it; a refused row refuses the commit before anything is made. */
export async function checkImport(db: Kysely<Database>, source: ImportSource): Promise<CheckedImport> {
  const checked = await previewImport(db, source.rows, source.pictures);
  if (checked.preview.counts.refused > 0) throw new HttpError(400, "IMPORT_ROWS_REFUSED");
  return checked;
}

/**
 * Reports each phase from 0 to its total, at most a hundred times (each whole percent) and its end:
 * a 5 000-row commit says where it is without 5 000 lines.
 */
function phaseReporter(phase: ImportProgress["phase"], total: number, report: (progress: ImportProgress) => void) {
  let shown = -1;
  return (done: number) => {
    const percent = total === 0 ? 100 : Math.floor((done * 100) / total);
    if (percent === shown && done !== total) return;
    shown = percent;
    report({ phase, done, total });
  };
}

/** Writes a checked import; `report` hears its progress. */
export async function writeImport(
  services: CatalogueServices,
  actor: Actor,
  { preview, changes, creations }: CheckedImport,
  source: ImportSource,
  report: (progress: ImportProgress) => void = () => undefined,
): Promise<ImportSummary> {
  const summary = { created: creations.length, changed: changes.length, unchanged: preview.counts.unchanged };
  // Nothing changed: no write, and cached pages stay as they are.
  if (changes.length + creations.length === 0) return summary;
  const now = new Date().toISOString();
  try {
    const staged: StagedPicture[][] = [];
    const pictured = phaseReporter("pictures", creations.length, report);
    pictured(0);
    for (const creation of creations) {
      staged.push(
        source.pictures
          ? await stagePictures(
              source.pictures,
              creation.pictures,
              creation.fields.model,
              creation.cell,
              source.staging,
              now,
            )
          : [],
      );
      pictured(staged.length);
    }
    const written = phaseReporter("writing", changes.length + creations.length, report);
    await writeAndRenewPages(services, async (trx) => {
      const importId = await logActivity(trx, actor, {
        action: "import",
        kind: "product",
        itemId: null,
        itemName: "Import din foaie de calcul",
        summary: importSummaryText(summary),
      });
      // Each machine's revision names the import's log entry: the import is undone through them.
      let done = 0;
      written(done);
      for (const change of changes) {
        const item = { kind: "product", id: change.uuid } as const;
        const baseline = await revisionBaseline(trx, item);
        await writeImportedProduct(trx, change, now);
        await recordRevision(trx, actor, item, { action: "import", importId, baseline });
        written(++done);
      }
      for (const [index, creation] of creations.entries()) {
        const pictures = [];
        for (const picture of staged[index]) pictures.push(await stagedImage(picture));
        const id = await createImportedProduct(trx, creation, pictures, now);
        await recordRevision(trx, actor, { kind: "product", id }, { action: "create", importId });
        written(++done);
      }
    });
  } finally {
    await rm(source.staging, { recursive: true, force: true });
  }
  return summary;
}

export async function commitImport(
  services: CatalogueServices,
  actor: Actor,
  source: ImportSource,
): Promise<ImportSummary> {
  return writeImport(services, actor, await checkImport(services.db, source), source);
}
