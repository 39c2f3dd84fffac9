import type { ImportSummary } from "../../common/catalogue/catalogue-import.ts";
import { logActivity, type Actor } from "../activity/activity-log.ts";
import { HttpError } from "../core/errors.ts";
import { changeCatalogue } from "../catalogue/invalidate-pages.ts";
import type { CatalogueServices } from "../catalogue/services.ts";
import { writeImportedProduct } from "../catalogue/writes-products.ts";
import { recordRevision, revisionBaseline } from "../revisions/record-revision.ts";
import { previewImport } from "./import-preview.ts";
import type { SheetRow } from "./sheet-rows.ts";

/**
 * The import's commit (decision 077): the file is checked again as the dry run checks it, and only a
 * file without a refused row is written, every changed machine in one changeCatalogue: one
 * transaction, the cached pages of both languages renewed once, after it. A throw anywhere (a save
 * of one of its machines since the file was read included) writes nothing. An import that changes
 * something is one entry in the activity log, and a revision per machine naming it, in the same transaction.
 */
export async function commitImport(
  services: CatalogueServices,
  actor: Actor,
  rows: AsyncIterable<SheetRow>,
): Promise<ImportSummary> {
  const { preview, changes } = await previewImport(services.db, rows);
  if (preview.counts.refused > 0) throw new HttpError(400, "IMPORT_ROWS_REFUSED");
  // Nothing changed: no write, and cached pages stay as they are.
  if (changes.length > 0) {
    const now = new Date().toISOString();
    await changeCatalogue(services, async (trx) => {
      const importId = await logActivity(trx, actor, {
        action: "import",
        kind: "product",
        itemId: null,
        itemName: "Import din foaie de calcul",
        summary: `0 create, ${changes.length} modificate, ${preview.counts.unchanged} neschimbate`,
      });
      // Each machine's revision names the import's log entry: the import is undone through them.
      for (const change of changes) {
        const item = { kind: "product", id: change.uuid } as const;
        const baseline = await revisionBaseline(trx, item);
        await writeImportedProduct(trx, change, now);
        await recordRevision(trx, actor, item, { action: "import", importId, baseline });
      }
    });
  }
  // A new machine is refused until the pictures' import brings its header picture (decision 076).
  return { created: 0, changed: changes.length, unchanged: preview.counts.unchanged };
}
