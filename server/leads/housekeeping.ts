import { deleteLeadsBefore, leadMailIdsBefore } from "../db/repositories/leads.ts";
import { deleteExpiredKeys } from "../db/repositories/one-time-keys.ts";
import { deleteSearchMissesBefore } from "../db/repositories/search-misses.ts";
import { addDays, romanianDay } from "../../common/days/romanian-day.ts";
import { removeEmlFiles } from "../mail/delivery.ts";
import { periodicSweep } from "../core/periodic-sweep.ts";
import type { LeadServices } from "./services.ts";

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
  return periodicSweep(
    "contact housekeeping",
    async () => {
      const { leadsDeleted } = await sweepLeadData(services, new Date(), retentionDays);
      if (leadsDeleted > 0) logger.info({ leadsDeleted, retentionDays }, "old contact requests deleted");
    },
    logger,
  );
}
