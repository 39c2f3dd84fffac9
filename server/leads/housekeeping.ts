import { deleteLeadsBefore, leadMailIdsBefore } from "../db/repositories/leads.ts";
import { deleteExpiredKeys } from "../db/repositories/one-time-keys.ts";
import { deleteSearchMissesBefore } from "../db/repositories/search-misses.ts";
import { addDays, romanianDay } from "../../common/days/romanian-day.ts";
import { removeEmlFiles } from "../mail/delivery.ts";
import type { LeadServices } from "./services.ts";

const EVERY_MS = 60 * 60_000;
/** The first sweep waits a minute: nothing is urgent at start, and the start stays light. */
const FIRST_AFTER_MS = 60_000;
/** A sweep stuck on a database that no longer answers must not hold the shutdown forever. */
const STOP_GRACE_MS = 5_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * One sweep: expired captcha answers and request fingerprints, and leads older than the retention
 * period with their e-mails' .eml copies under DATA_DIR/outbox (the privacy policy promises the
 * request deleted, not only its row), and the days of searches without results as old (decision 060).
 * The copies go first: a sweep cut short after them leaves requests the next sweep deletes, never a
 * copy nobody would delete.
 */
export async function sweepLeadData(
  { db, config }: Pick<LeadServices, "db" | "config">,
  now: Date,
  retentionDays: number,
): Promise<{ leadsDeleted: number }> {
  await deleteExpiredKeys(db, now);
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  await removeEmlFiles(config.DATA_DIR, await leadMailIdsBefore(db, cutoff));
  await deleteSearchMissesBefore(db, addDays(romanianDay(now), -retentionDays));
  return { leadsDeleted: await deleteLeadsBefore(db, cutoff) };
}

/**
 * A minute after start, then hourly: what the privacy policy promises (requests deleted after
 * LEADS_RETENTION_DAYS) and the clean-up of the one-time keys.
 */
export function startLeadHousekeeping(services: Pick<LeadServices, "db" | "config" | "logger">): {
  stop(): Promise<void>;
} {
  const { config, logger } = services;
  const retentionDays = config.LEADS_RETENTION_DAYS;
  let current: Promise<void> = Promise.resolve();
  const sweep = () => {
    current = sweepLeadData(services, new Date(), retentionDays).then(
      ({ leadsDeleted }) => {
        if (leadsDeleted > 0) logger.info({ leadsDeleted, retentionDays }, "old contact requests deleted");
      },
      (error: unknown) => logger.error({ err: error }, "contact housekeeping failed"),
    );
  };
  let timer = setTimeout(function next() {
    sweep();
    timer = setTimeout(next, EVERY_MS);
    timer.unref();
  }, FIRST_AFTER_MS);
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
