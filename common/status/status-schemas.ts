import { z } from "../zod.ts";

/** A backup older than this (hours) is red on the Stare page and alerted (decision 087). */
export const BACKUP_STALE_HOURS = 26;

/** An instance whose heartbeat is older than this (minutes) is no longer listed on the Stare page. */
export const INSTANCE_SEEN_MINUTES = 10;

/** How the backups stand: `off` no nightly backup configured, `missing` none ever made. */
export const BACKUP_STATES = ["ok", "stale", "failed", "missing", "off"] as const;
export type BackupState = (typeof BACKUP_STATES)[number];

/**
 * The one rule of the backups' state, for the Stare page and the alerts: the last night failed, or
 * the newest verified backup is older than BACKUP_STALE_HOURS (or there is none).
 */
export function backupState(input: {
  enabled: boolean;
  lastStatus?: string;
  lastGoodAt?: string;
  now: Date;
}): BackupState {
  if (!input.enabled) return "off";
  if (input.lastStatus === "failed") return "failed";
  if (!input.lastGoodAt) return "missing";
  const ageHours = (input.now.getTime() - Date.parse(input.lastGoodAt)) / 3_600_000;
  return ageHours > BACKUP_STALE_HOURS ? "stale" : "ok";
}

export const statusSchema = z
  .object({
    version: z.string(),
    instance: z.string(),
    uptimeSeconds: z.number(),
    /** The instances whose heartbeat was seen in the last INSTANCE_SEEN_MINUTES, this one included. */
    instances: z.array(
      z.object({
        id: z.string(),
        version: z.string(),
        startedAt: z.string(),
        lastSeenAt: z.string(),
        uptimeSeconds: z.number(),
        current: z.boolean(),
      }),
    ),
    backup: z.object({
      state: z.enum(BACKUP_STATES),
      lastGoodAt: z.string().nullable(),
      last: z
        .object({
          day: z.string(),
          status: z.string(),
          startedAt: z.string(),
          finishedAt: z.string().nullable(),
          file: z.string().nullable(),
          bytes: z.number().nullable(),
          error: z.string().nullable(),
          offsite: z.string(),
          offsiteError: z.string().nullable(),
        })
        .nullable(),
    }),
    disk: z.object({ freeBytes: z.number(), totalBytes: z.number() }),
    database: z.object({ dialect: z.enum(["sqlite", "postgres"]), bytes: z.number() }),
    outbox: z.object({ waiting: z.number(), failing: z.number(), oldest: z.string().nullable() }),
    pools: z.array(
      z.object({
        name: z.string(),
        running: z.number(),
        waiting: z.number(),
        children: z.number(),
        /** Children crashed since this instance started, and in the last 24 hours. */
        crashes: z.number(),
        crashesLastDay: z.number(),
      }),
    ),
    /** This instance's error log lines of the last 24 hours by kind (an error's code or class, never its message). */
    errors: z.array(z.object({ kind: z.string(), count: z.number() })),
    /** This instance's requests refused with 429 in the last 24 hours, by limit. */
    rateLimitHits: z.array(z.object({ limiter: z.string(), count: z.number() })),
  })
  .meta({ id: "Status", description: "How this instance and the site stand (the 'Stare' page)." });

export type StatusView = z.infer<typeof statusSchema>;
