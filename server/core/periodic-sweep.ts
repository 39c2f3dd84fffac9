import type { Logger } from "./logger.ts";

const EVERY_MS = 60 * 60_000;
/** The first sweep waits a minute: nothing is urgent at start, and the start stays light. */
const FIRST_AFTER_MS = 60_000;
/** A sweep stuck on a database that no longer answers must not hold the shutdown forever. */
const STOP_GRACE_MS = 5_000;

/**
 * Runs `sweep` a minute after start, then hourly, one at a time; a failure is logged with `what`
 * and the next hour tries again. The housekeeping of every feature that keeps data for a while;
 * `timing` changes the first wait and the period (the instances' heartbeat: at once, every minute).
 */
export function periodicSweep(
  what: string,
  sweep: () => Promise<void>,
  logger: Logger,
  timing: { firstAfterMs?: number; everyMs?: number } = {},
): {
  stop(): Promise<void>;
} {
  let current: Promise<void> = Promise.resolve();
  const run = () => {
    current = sweep().catch((error: unknown) => logger.error({ err: error }, `${what} failed`));
  };
  let timer = setTimeout(function next() {
    run();
    timer = setTimeout(next, timing.everyMs ?? EVERY_MS);
    timer.unref();
  }, timing.firstAfterMs ?? FIRST_AFTER_MS);
  timer.unref();
  return {
    /** Stops the timer and waits (a few seconds at most) for a sweep under way, so the database can close after it. */
    stop: async () => {
      clearTimeout(timer);
      let gaveUp: NodeJS.Timeout | undefined;
      await Promise.race([current, new Promise((resolve) => (gaveUp = setTimeout(resolve, STOP_GRACE_MS)))]);
      clearTimeout(gaveUp);
    },
  };
}
