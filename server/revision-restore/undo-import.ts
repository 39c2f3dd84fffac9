import { productTextsOf } from "../../common/language/product-texts.ts";
import type { ImportUndone } from "../../common/revisions/revision-schemas.ts";
import { logActivity, type Actor } from "../activity/activity-log.ts";
import { HttpError } from "../core/errors.ts";
import { findProductById } from "../db/repositories/products.ts";
import { latestRevision, revisionBefore, revisionsOfImport } from "../db/repositories/revisions.ts";
import { findCategoryById } from "../db/repositories/categories.ts";
import { recordRevision } from "../revisions/record-revision.ts";
import { decodeState } from "../revisions/revision-state.ts";
import { writeAndRenewPages } from "../writes/write-and-renew-pages.ts";
import { trashProduct } from "../trash/move-to-trash.ts";
import type { CatalogueServices } from "../catalogue/services.ts";
import { valuesStillTaken } from "../catalogue/specification-values.ts";
import { writeImportedProduct } from "../catalogue/writes-products.ts";

/**
 * 'Anulati importul' (decision 078): every machine a spreadsheet import changed goes back to its
 * revision before the import, in one transaction with the form's checks, as a new revision each and
 * one log entry; every machine it created goes to the trash, with its pictures (restorable from there). Refused whole when any of them was saved since (its newest revision is no longer
 * the import's: an undo done already included) or is in the trash.
 */
export async function undoImport(services: CatalogueServices, actor: Actor, importId: string): Promise<ImportUndone> {
  const now = new Date().toISOString();
  return writeAndRenewPages(services, async (trx) => {
    const made = await revisionsOfImport(trx, importId);
    if (made.length === 0) throw new HttpError(404, "ERROR_IMPORT_NOT_FOUND");
    const changed: string[] = [];
    const removed: string[] = [];
    for (const revision of made) {
      const product = await findProductById(trx, revision.item_id);
      if (!product) throw new HttpError(409, "IMPORT_UNDO_TRASHED");
      if ((await latestRevision(trx, revision.kind, revision.item_id))?.id !== revision.id)
        throw new HttpError(409, "IMPORT_UNDO_CHANGED_SINCE");
      if (revision.action === "create") {
        await trashProduct(trx, actor, product);
        removed.push(product.model);
        continue;
      }
      const before = await revisionBefore(trx, revision);
      if (!before) throw new HttpError(409, "IMPORT_UNDO_HISTORY_GONE");
      const state = decodeState(before.kind, before.state);
      if (state.kind !== "product") throw new Error(`An import's revision of a ${state.kind}`);
      const { product: row, values } = state.state;
      // The import writes no pictures: the machine's texts, category, units and values go back.
      const categoryId = row.category_id ?? product.category_id;
      // Its category then is in the trash or purged: as a revision's restore says it.
      if (categoryId === null || !(await findCategoryById(trx, categoryId)))
        throw new HttpError(409, "REVISION_CATEGORY_GONE");
      await writeImportedProduct(
        trx,
        {
          uuid: row.id,
          version: product.version,
          fields: {
            model: row.model,
            category: categoryId,
            units: row.units,
            ...productTextsOf(row),
          },
          specifications: await valuesStillTaken(trx, categoryId, values),
        },
        now,
      );
      await recordRevision(
        trx,
        actor,
        { kind: "product", id: row.id },
        { action: "restore", summary: "Import anulat" },
      );
      changed.push(row.model);
    }
    await logActivity(trx, actor, {
      action: "restore",
      kind: "product",
      itemId: null,
      itemName: "Import din foaie de calcul",
      summary: [
        `Import anulat: ${changed.length} utilaje readuse la versiunea de dinainte (${changed.join(", ")})`,
        ...(removed.length > 0 ? [`${removed.length} utilaje noi mutate in Cos (${removed.join(", ")})`] : []),
      ].join("; "),
    });
    return { restored: changed.length, removed: removed.length };
  });
}
