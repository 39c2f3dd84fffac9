import type { Kysely } from "kysely";
import { deleteRevisions, revisionIdsOfItem } from "../db/repositories/revisions.ts";
import type { Database } from "../db/schema.ts";

/**
 * An item deleted for good (purged from the trash) takes its history with it: its revisions go in
 * the caller's transaction. The pictures they kept, for the caller to delete when nothing else uses them.
 */
export async function forgetRevisions(trx: Kysely<Database>, kind: string, itemId: string): Promise<string[]> {
  return deleteRevisions(trx, await revisionIdsOfItem(trx, kind, itemId));
}
