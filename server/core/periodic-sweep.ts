import type { Logger } from "./logger.ts";

const EVERY_MS = 60 * 60_000;
/** The first sweep waits a minute: nothing is urgent at start, and the start stays light. */
const FIRST_AFTER_MS = 60_000;
/** A sweep stuck on a database that no longer answers must not hold the shutdown forever. */
const STOP_GRACE_MS = 5_000;

/**
 * Runs `sweep` a minute after start, then hourly, one at a time (the next wait begins when a sweep
 * has ended); a failure is logged with `what` and the next round tries again. The housekeeping of
 * every feature that keeps data for a while, and the rounds of the nightly backup and the alerts;
 * `timing` changes the first wait and the period (the instances' heartbeat: at once, every minute).
 */
export function periodicSweep(
  what: string,
  sweep: () => Promise<unknown>,
  logger: Logger,
  timing: { firstAfterMs?: number; everyMs?: number } = {},
): {
  stop(): Promise<void>;
} {
  let current: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let timer = setTimeout(function next() {
    current = sweep().catch((error: unknown) => logger.error({ err: error }, `${what} failed`));
    void current.finally(() => {
      if (stopped) return;
      timer = setTimeout(next, timing.everyMs ?? EVERY_MS);
      timer.unref();
    });
  }, timing.firstAfterMs ?? FIRST_AFTER_MS);
  timer.unref();
  return {
    /** Stops the timer and waits (a few seconds at most) for a sweep under way, so the database can close after it. */
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      let gaveUp: NodeJS.Timeout | undefined;
      await Promise.race([current, new Promise((resolve) => (gaveUp = setTimeout(resolve, STOP_GRACE_MS)))]);
      clearTimeout(gaveUp);
    },
  };
}
