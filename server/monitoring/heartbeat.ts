import type { Kysely } from "kysely";
import { periodicSweep } from "../core/periodic-sweep.ts";
import type { Logger } from "../core/logger.ts";
import { recordHeartbeat, sweepInstances } from "../db/repositories/instances.ts";
import type { Database } from "../db/schema.ts";

const EVERY_MS = 60_000;
/** The rows of instances gone this long are removed. */
const KEEP_GONE_MS = 7 * 24 * 3_600_000;

/**
 * This instance's heartbeat (decision 087): its row in `instances` written at start, then every
 * minute, on the housekeeping timer; the rows of instances gone for a week swept by the same beat.
 */
export function startHeartbeat(options: {
  db: Kysely<Database>;
  id: string;
  version: string;
  startedAt: Date;
  logger: Logger;
}): { stop(): Promise<void> } {
  const startedAt = options.startedAt.toISOString();
  return periodicSweep(
    "instance heartbeat",
    async () => {
      const now = new Date();
      await recordHeartbeat(options.db, { id: options.id, version: options.version, startedAt, at: now.toISOString() });
      await sweepInstances(options.db, new Date(now.getTime() - KEEP_GONE_MS).toISOString());
    },
    options.logger,
    { firstAfterMs: 0, everyMs: EVERY_MS },
  );
}
