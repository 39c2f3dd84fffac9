import path from "node:path";
import type { Kysely } from "kysely";
import type { Settings } from "../core/config.ts";
import type { Logger } from "../core/logger.ts";
import type { Database } from "../db/schema.ts";
import { workJob, workPool, type WorkPool } from "../work/work-pool.ts";
import { bucketFromSettings } from "./offsite.ts";
import { nightlyBackup, type NightlyBackup, type NightlyBackupOptions } from "./nightly-backup.ts";
import type * as WriteBackup from "./write-backup.ts";
import { instanceId } from "../core/instance.ts";

const WRITE = workJob<typeof WriteBackup, "writeVerifiedBackup">(
  new URL("./write-backup.ts", import.meta.url),
  "writeVerifiedBackup",
);

/** The nightly backups' folder: BACKUP_DIR, or DATA_DIR/backups/nightly. */
export function nightlyBackupDir(settings: Pick<Settings, "BACKUP_DIR" | "DATA_DIR">): string {
  return path.resolve(settings.BACKUP_DIR ?? path.join(settings.DATA_DIR, "backups", "nightly"));
}

/** The backups' work pool: one child, started by a night's backup and gone when it is done. */
export function backupWork(): WorkPool {
  return workPool({
    name: "backups",
    children: 1,
    heapMb: 256,
    // A child that hangs (a database that stopped answering) is killed after a few hours.
    timeLimitMs: 6 * 60 * 60_000,
    queueLength: 1,
    idleMs: 10_000,
    // The database's address travels in the job; PostgreSQL's own variables (PGPASSWORD, PGSSLMODE…)
    // are read by its driver as the server's pool reads them.
    environment: ["PG"],
  });
}

/**
 * The nightly backup as the server runs it (undefined when BACKUP_AT is off): the copy and its check
 * in a child process of `pool`, so the pages keep their pace while a large database is read,
 * compressed and read back.
 */
export function startNightlyBackup(
  settings: Settings,
  db: Kysely<Database>,
  logger: Logger,
  pool: WorkPool,
  extra: Pick<NightlyBackupOptions, "offsite" | "onRun" | "now"> = {},
): NightlyBackup | undefined {
  if (settings.BACKUP_AT === undefined) return undefined;
  const kind = settings.DATABASE_URL ? "logical" : "sqlite";
  const backup = nightlyBackup({
    db,
    instance: instanceId(),
    kind,
    dir: nightlyBackupDir(settings),
    atMinute: settings.BACKUP_AT,
    keep: {
      daily: settings.BACKUP_KEEP_DAILY,
      weekly: settings.BACKUP_KEEP_WEEKLY,
      monthly: settings.BACKUP_KEEP_MONTHLY,
    },
    write: (target) =>
      pool.run(WRITE, { dataDir: settings.DATA_DIR, databaseUrl: settings.DATABASE_URL, target, kind }),
    offsite: bucketFromSettings(settings),
    logger,
    ...extra,
  });
  backup.start();
  return backup;
}
