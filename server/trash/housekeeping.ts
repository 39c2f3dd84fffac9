import { HttpError } from "../core/errors.ts";
import type { Logger } from "../core/logger.ts";
import { periodicSweep } from "../core/periodic-sweep.ts";
import { trashIdsBefore } from "../db/repositories/trash.ts";
import { sweepOrphanVariants } from "./orphan-variants.ts";
import { purgeFromTrash } from "./purge.ts";
import type { TrashServices } from "./services.ts";
import { trashKeptMs } from "./trash-entry.ts";

/**
 * Housekeeping: the entries older than TRASH_RETENTION_DAYS purged, one by one; how many. One an
 * administrator restored or purged meanwhile is passed over.
 */
export async function purgeExpiredTrash(services: TrashServices, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - trashKeptMs(services.config)).toISOString();
  let purged = 0;
  for (const id of await trashIdsBefore(services.db, cutoff)) {
    try {
      await purgeFromTrash(services, { userId: null, address: "server" }, id, "(automat)");
      purged += 1;
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 404)) throw error;
    }
  }
  return purged;
}

/** A minute after start, then hourly: the trash keeps TRASH_RETENTION_DAYS, and no file outlives its picture. */
export function startTrashHousekeeping(services: TrashServices & { logger: Logger }): {
  stop(): Promise<void>;
} {
  return periodicSweep(
    "trash housekeeping",
    async () => {
      const purged = await purgeExpiredTrash(services, new Date());
      if (purged > 0) services.logger.info({ purged }, "old trash entries purged");
      const orphans = await sweepOrphanVariants(services);
      if (orphans > 0) services.logger.info({ orphans }, "variant files of deleted pictures removed");
    },
    services.logger,
  );
}
