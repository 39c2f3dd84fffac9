import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { romanianDay, startOfRomanianDay } from "../../common/days/romanian-day.ts";
import type { Logger } from "../core/logger.ts";
import { periodicSweep } from "../core/periodic-sweep.ts";
import { claimBackupRun, finishBackupRun, recordOffsite } from "../db/repositories/backup-runs.ts";
import type { BackupRunRow, Database } from "../db/schema.ts";
import { backupFileName, backupInstant, partialName, type BackupKind } from "./backup-files.ts";
import { backupsToKeep, type RotationPolicy } from "./rotation.ts";
import type { BackupResult } from "./write-backup.ts";

/** How often an instance looks whether tonight's backup is due. */
const CHECK_EVERY_MS = 60_000;

/** A copy off the machine (./offsite.ts): uploads a verified backup and applies the rotation in the bucket. */
export interface OffsiteCopy {
  upload(file: string): Promise<void>;
  rotate(policy: RotationPolicy): Promise<void>;
}

export interface NightlyBackupOptions {
  db: Kysely<Database>;
  /** Who runs it (host and process), written with the night's row. */
  instance: string;
  kind: BackupKind;
  /** The nightly backups' folder: this rotation deletes only backups named as backup-files.ts names them. */
  dir: string;
  /** Minutes after midnight in Romania when a night's backup is due. */
  atMinute: number;
  keep: RotationPolicy;
  /** Writes and verifies a backup at `target` (write-backup.ts, in a work pool's child). */
  write(target: string): Promise<BackupResult>;
  offsite?: OffsiteCopy;
  logger: Logger;
  now?: () => Date;
  /** Told of every night's end, good or not (alerts, metrics). */
  onRun?: (run: Pick<BackupRunRow, "day" | "status" | "error" | "offsite" | "offsite_error">) => void;
}

export interface NightlyBackup {
  /** Runs the night's backup when it is due and no instance has taken the night; the night's outcome, or undefined. */
  tick(): Promise<BackupRunRow["status"] | undefined>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The nightly backup: each instance looks every minute whether the night's backup is due (the
 * configured time of the day in Romania has passed); the first to insert the night's row in
 * `backup_runs` runs it, the others find the row and do nothing. So one backup is made per night
 * whatever the instances, and a clock moved back (or the hour repeated when summer time ends) does
 * not make a second. A verified backup is kept, then the rotation deletes the older ones it no
 * longer keeps; a failed one leaves every older backup in place.
 */
export function nightlyBackup(options: NightlyBackupOptions): NightlyBackup {
  const now = options.now ?? (() => new Date());
  async function tick(): Promise<BackupRunRow["status"] | undefined> {
    const at = now();
    const day = romanianDay(at);
    if (at.getTime() < startOfRomanianDay(day).getTime() + options.atMinute * 60_000) return undefined;
    const claimed = await claimBackupRun(options.db, {
      day,
      instance: options.instance,
      startedAt: at.toISOString(),
      offsite: options.offsite ? "pending" : "off",
    });
    if (!claimed) return undefined;
    const target = path.join(options.dir, backupFileName(at, options.kind));
    let result: BackupResult;
    // Everything after the claim fails the night, never leaves it 'running': a read-only BACKUP_DIR, a full
    // disk, a database gone while the row is written.
    try {
      mkdirSync(options.dir, { recursive: true, mode: 0o700 });
      result = await options.write(target);
      await finishBackupRun(options.db, day, {
        status: "ok",
        finishedAt: now().toISOString(),
        file: target,
        bytes: result.bytes,
        rows: result.rows,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await finishBackupRun(options.db, day, { status: "failed", finishedAt: now().toISOString(), error: message });
      options.logger.error({ err: error, day }, "nightly backup failed");
      options.onRun?.({ day, status: "failed", error: message, offsite: "off", offsite_error: null });
      return "failed";
    }
    options.logger.info({ day, file: target, bytes: result.bytes, rows: result.rows }, "nightly backup verified");
    rotateLocal(options.dir, options.keep);
    const offsite = await copyOffsite(options, day, target);
    options.onRun?.({ day, status: "ok", error: null, ...offsite });
    return "ok";
  }

  let rounds: { stop(): Promise<void> } | undefined;
  return {
    tick,
    start() {
      rounds = periodicSweep("nightly backup", tick, options.logger, {
        firstAfterMs: CHECK_EVERY_MS,
        everyMs: CHECK_EVERY_MS,
      });
    },
    async stop() {
      await rounds?.stop();
      rounds = undefined;
    },
  };
}

/** Deletes the local backups the rotation no longer keeps, and partial files a stopped process left. */
function rotateLocal(dir: string, policy: RotationPolicy): void {
  const names = readdirSync(dir);
  const backups = names.flatMap((name) => {
    const at = backupInstant(name);
    return at ? [{ name, at }] : [];
  });
  const keep = backupsToKeep(backups, policy);
  for (const backup of backups) if (!keep.has(backup)) rmSync(path.join(dir, backup.name), { force: true });
  for (const name of names) {
    const base = name.slice(0, -partialName("").length);
    if (name.endsWith(partialName("")) && backupInstant(base)) rmSync(path.join(dir, name), { force: true });
  }
}

/** The verified backup off the machine; when the bucket fails, the local copy stays and the night says why. */
async function copyOffsite(
  options: NightlyBackupOptions,
  day: string,
  file: string,
): Promise<Pick<BackupRunRow, "offsite" | "offsite_error">> {
  if (!options.offsite) return { offsite: "off", offsite_error: null };
  try {
    await options.offsite.upload(file);
    await options.offsite.rotate(options.keep);
    await recordOffsite(options.db, day, { status: "uploaded" });
    return { offsite: "uploaded", offsite_error: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    options.logger.error({ err: error, day }, "nightly backup's off-site copy failed");
    await recordOffsite(options.db, day, { status: "failed", error: message });
    return { offsite: "failed", offsite_error: message };
  }
}
