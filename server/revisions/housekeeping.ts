import type { Kysely } from "kysely";
import type { Config } from "../core/config.ts";
import type { Logger } from "../core/logger.ts";
import { periodicSweep } from "../core/periodic-sweep.ts";
import { deleteUnusedImages } from "../db/repositories/images.ts";
import { deleteRevisions, revisionIdsToPrune } from "../db/repositories/revisions.ts";
import type { Database } from "../db/schema.ts";
import { removeVariants } from "../media/variants.ts";

const DAY_MS = 24 * 60 * 60_000;
/** Revisions deleted per transaction: a long-neglected database is pruned in short steps. */
const BATCH = 200;

type Services = {
  db: Kysely<Database>;
  config: Pick<Config, "DATA_DIR" | "REVISION_LIMIT" | "REVISION_RETENTION_DAYS">;
};

/**
 * Forgets the revisions past REVISION_LIMIT per item or older than REVISION_RETENTION_DAYS, and
 * with them the pictures only they kept: rows in the transaction, variant files after its commit
 * (a crash between leaves files whose rows are gone, which the trash's sweep removes). How many.
 */
export async function pruneRevisions(services: Services, now: Date): Promise<number> {
  const { db, config } = services;
  const cutoff = new Date(now.getTime() - config.REVISION_RETENTION_DAYS * DAY_MS).toISOString();
  let pruned = 0;
  for (;;) {
    const ids = await revisionIdsToPrune(db, cutoff, config.REVISION_LIMIT, BATCH);
    if (ids.length === 0) return pruned;
    const gone = await db
      .transaction()
      .execute(async (trx) => deleteUnusedImages(trx, await deleteRevisions(trx, ids)));
    await removeVariants(config.DATA_DIR, gone);
    pruned += ids.length;
  }
}

/** A minute after start, then hourly: revisions keep REVISION_LIMIT per item and REVISION_RETENTION_DAYS (decision 078). */
export function startRevisionHousekeeping(services: Services & { logger: Logger }): { stop(): Promise<void> } {
  return periodicSweep(
    "revisions housekeeping",
    async () => {
      const pruned = await pruneRevisions(services, new Date());
      if (pruned > 0) services.logger.info({ pruned }, "old revisions pruned");
    },
    services.logger,
  );
}
