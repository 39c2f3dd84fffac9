import type { Kysely } from "kysely";
import { deleteExpiredKeys } from "../db/repositories/one-time-keys.ts";
import type { Database } from "../db/schema.ts";
import type { Logger } from "../logger.ts";

const EVERY_MS = 60 * 60_000;

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
    /** Stops the timer and waits for a sweep under way, so the database can close after it. */
    stop: async () => {
      clearInterval(timer);
      await current;
    },
  };
}
