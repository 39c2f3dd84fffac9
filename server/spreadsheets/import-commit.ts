import { rm } from "node:fs/promises";
import { importSummaryText, type ImportSummary } from "../../common/catalogue/catalogue-import.ts";
import { logActivity, type Actor } from "../activity/activity-log.ts";
import { HttpError } from "../core/errors.ts";
import { changeCatalogue } from "../catalogue/invalidate-pages.ts";
import type { CatalogueServices } from "../catalogue/services.ts";
import { createImportedProduct, writeImportedProduct } from "../catalogue/writes-products.ts";
import { stagedImage, stagePictures, type StagedPicture } from "./import-pictures.ts";
import { previewImport } from "./import-preview.ts";
import type { ImportPictures } from "./import-zip.ts";
import type { SheetRow } from "./sheet-rows.ts";

/**
 * The import's commit (decisions 077, 079): the file is checked again as the dry run checks it, and
 * only a file without a refused row is written. New machines' pictures go through the upload's
 * pipeline first, staged on disk in `staging` (removed after, whatever happens); then every changed
 * and every new machine is written in one changeCatalogue: one transaction, the cached pages of both
 * languages renewed once, after it. A throw anywhere (a save of one of its machines since the file
 * was read included) writes nothing. An import that changes something is one entry in the activity
 * log, in the same transaction.
 */
export async function commitImport(
  services: CatalogueServices,
  actor: Actor,
  source: { rows: AsyncIterable<SheetRow>; pictures?: ImportPictures; staging: string },
): Promise<ImportSummary> {
  const { preview, changes, creations } = await previewImport(services.db, source.rows, source.pictures);
  if (preview.counts.refused > 0) throw new HttpError(400, "IMPORT_ROWS_REFUSED");
  const summary = { created: creations.length, changed: changes.length, unchanged: preview.counts.unchanged };
  // Nothing changed: no write, and cached pages stay as they are.
  if (changes.length + creations.length === 0) return summary;
  const now = new Date().toISOString();
  try {
    const staged: StagedPicture[][] = [];
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
    }
    await changeCatalogue(services, async (trx) => {
      for (const change of changes) await writeImportedProduct(trx, change, now);
      for (const [index, creation] of creations.entries()) {
        const pictures = [];
        for (const picture of staged[index]) pictures.push(await stagedImage(picture));
        await createImportedProduct(trx, creation, pictures, now);
      }
      await logActivity(trx, actor, {
        action: "import",
        kind: "product",
        itemId: null,
        itemName: "Import din foaie de calcul",
        summary: importSummaryText(summary),
      });
    });
  } finally {
    await rm(source.staging, { recursive: true, force: true });
  }
  return summary;
}
