import { logActivity, type Actor } from "../activity/activity-log.ts";
import { deleteUnusedImages } from "../db/repositories/images.ts";
import { deleteTrashEntry, findTrashEntry } from "../db/repositories/trash.ts";
import { removeVariants } from "../media/variants.ts";
import { forgetRevisions } from "../revisions/forget-revisions.ts";
import { writeAndRenewPages } from "../writes/write-and-renew-pages.ts";
import type { TrashServices } from "./services.ts";
import { notInTrash, trashKind } from "./trash-entry.ts";

/**
 * Deletes the entry for good: its row first, with the pictures only it kept, in one transaction;
 * their variant files after the commit (a crash between leaves files of rows that are gone, never
 * a row whose files are gone).
 */
export async function purgeFromTrash(
  services: TrashServices,
  actor: Actor,
  id: string,
  userName?: string,
): Promise<void> {
  // Through the catalogue version: a machine's cached 410 page becomes its 404.
  const deleted = await writeAndRenewPages(services, async (trx) => {
    const entry = await findTrashEntry(trx, id);
    const images = await deleteTrashEntry(trx, id);
    if (!entry || !images) throw notInTrash();
    // Gone for good, with its history: the pictures only its revisions kept go too.
    const history = await forgetRevisions(trx, entry.kind, entry.item_id);
    const gone = await deleteUnusedImages(trx, [...images, ...history]);
    await logActivity(trx, actor, {
      action: "purge",
      kind: trashKind(entry.kind),
      itemId: entry.item_id,
      itemName: entry.item_name,
      summary: `Sters definitiv din Cos, cu ${gone.length} poze`,
      ...(userName === undefined ? {} : { userName }),
    });
    return gone;
  });
  await removeVariants(services.config.DATA_DIR, deleted);
}
