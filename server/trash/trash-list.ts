import type { TrashEntry } from "../../common/trash/trash-schemas.ts";
import { listTrash } from "../db/repositories/trash.ts";
import type { TrashServices } from "./services.ts";
import { trashKeptMs, trashKind } from "./trash-entry.ts";

/** The trash's list ('Cos'): each entry with who deleted it and when housekeeping will purge it. */
export async function trashEntries(services: Pick<TrashServices, "db" | "config">): Promise<TrashEntry[]> {
  const keep = trashKeptMs(services.config);
  return (await listTrash(services.db)).map((row) => ({
    id: row.id,
    kind: trashKind(row.kind),
    itemId: row.item_id,
    itemName: row.item_name,
    deletedAt: row.deleted_at,
    userName: row.user_name,
    purgeAt: new Date(Date.parse(row.deleted_at) + keep).toISOString(),
  }));
}
