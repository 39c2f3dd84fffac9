import type { Kysely } from "kysely";
import { deleteExpiredKeys } from "../db/repositories/one-time-keys.ts";
import type { Database } from "../db/schema.ts";
import type { Logger } from "../logger.ts";

const EVERY_MS = 60 * 60_000;
/** A sweep stuck on a database that no longer answers must not hold the shutdown forever. */
const STOP_GRACE_MS = 5_000;

/** At start and hourly: forgets spent captcha answers and request fingerprints past their expiry. */
export function startContactHousekeeping(db: Kysely<Database>, logger: Logger): { stop(): Promise<void> } {
  let current: Promise<void> = Promise.resolve();
  const sweep = () => {
    current = deleteExpiredKeys(db, new Date()).catch((error: unknown) => logger.error({ err: error }, "contact housekeeping failed"));
  };
  const timer = setInterval(sweep, EVERY_MS);
  timer.unref();
  sweep();
  return {
    /** Stops the timer and waits (a few seconds at most) for a sweep under way, so the database can close after it. */
    stop: async () => {
      clearInterval(timer);
      let gaveUp: NodeJS.Timeout | undefined;
      await Promise.race([current, new Promise((resolve) => (gaveUp = setTimeout(resolve, STOP_GRACE_MS)))]);
      clearTimeout(gaveUp);
    },
  };
}
