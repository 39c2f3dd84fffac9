import type { Kysely } from "kysely";
import { periodicSweep } from "../core/periodic-sweep.ts";
import type { Config } from "../core/config.ts";
import type { Logger } from "../core/logger.ts";
import { deleteActivityBefore } from "../db/repositories/activity-log.ts";
import type { Database } from "../db/schema.ts";

const DAY_MS = 24 * 60 * 60_000;

/** Forgets the log's entries older than `retentionDays`; how many. */
export function pruneActivity(db: Kysely<Database>, now: Date, retentionDays: number): Promise<number> {
  return deleteActivityBefore(db, new Date(now.getTime() - retentionDays * DAY_MS).toISOString());
}

/** A minute after start, then hourly: the log keeps ACTIVITY_RETENTION_DAYS (decision 073). */
export function startActivityHousekeeping(services: { db: Kysely<Database>; config: Config; logger: Logger }): {
  stop(): Promise<void>;
} {
  const { db, config, logger } = services;
  const retentionDays = config.ACTIVITY_RETENTION_DAYS;
  return periodicSweep(
    "activity log housekeeping",
    async () => {
      const deleted = await pruneActivity(db, new Date(), retentionDays);
      if (deleted > 0) logger.info({ deleted, retentionDays }, "old activity log entries deleted");
    },
    logger,
  );
}
