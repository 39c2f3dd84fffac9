import "dotenv/config";
import { closeSync, existsSync, mkdtempSync, openSync, readSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Kysely } from "kysely";
import { bucketFromSettings } from "../backups/offsite.ts";
import { loadConfig } from "../core/config.ts";
import { restoreLogicalBackup } from "../db/backup/logical-backup.ts";
import { openDatabase, SQLITE_FILE } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { clearAlerts } from "../db/repositories/alerts.ts";
import { clearBackupRuns } from "../db/repositories/backup-runs.ts";
import type { Database } from "../db/schema.ts";

/**
 * `npm run restore -- FILE`: puts a backup of `npm run backup` into an EMPTY data directory
 * (SQLite) or an empty database (DATABASE_URL), then migrates it to this version's schema. A SQLite
 * file backup restores into SQLite; a logical (.backup.gz) one into either. Never overwrites data.
 * The source's backup nights and alert states are not restored (forgetTheSourcesNights).
 * `npm run restore -- --from-bucket [NAME]`: the same with a nightly backup's off-site copy (the
 * newest unless NAME is given), downloaded and decrypted with BACKUP_ENCRYPTION_KEY first.
 */
const args = process.argv.slice(2);
const fromBucket = args[0] === "--from-bucket";
const file = fromBucket ? args[1] : args[0];
if (!fromBucket && (!file || file.startsWith("--"))) {
  console.error("Usage: npm run restore -- FILE   (a file made by npm run backup)");
  console.error("       npm run restore -- --from-bucket [NAME]   (a nightly backup's off-site copy)");
  process.exit(2);
}
const config = loadConfig();

try {
  if (fromBucket) await restoreFromBucket(file);
  else await restore(path.resolve(String(file)));
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}

async function restore(source: string): Promise<void> {
  if (backupKind(source) === "sqlite") await restoreSqliteFile(source);
  else await restoreLogical(source);
}

/** Downloaded and decrypted whole into a private temporary folder before anything is restored. */
async function restoreFromBucket(name: string | undefined): Promise<void> {
  const bucket = bucketFromSettings(config);
  if (!bucket) throw new Error("BACKUP_S3_BUCKET is not set: no bucket to restore from.");
  const chosen = name ?? (await bucket.list())[0]?.name;
  if (!chosen) throw new Error(`The bucket ${config.BACKUP_S3_BUCKET} holds no backup.`);
  const folder = mkdtempSync(path.join(tmpdir(), "utilaje-restore-"));
  try {
    const local = path.join(folder, path.basename(chosen));
    await bucket.download(chosen, local);
    console.log(`Downloaded and decrypted ${chosen} from the bucket ${config.BACKUP_S3_BUCKET}`);
    await restore(local);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function backupKind(source: string): "sqlite" | "logical" {
  const head = Buffer.alloc(16);
  const fd = openSync(source, "r");
  try {
    readSync(fd, head, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString("latin1") === "SQLite format 3\0") return "sqlite";
  if (head[0] === 0x1f && head[1] === 0x8b) return "logical";
  throw new Error(`${source} is neither a SQLite backup nor a logical (.backup.gz) backup.`);
}

async function restoreSqliteFile(source: string): Promise<void> {
  if (config.DATABASE_URL)
    throw new Error(
      "A SQLite file backup restores into SQLite only: make a logical one with `npm run backup -- --portable`.",
    );
  const target = path.join(config.DATA_DIR, SQLITE_FILE);
  if (existsSync(target)) throw new Error(`${target} exists: restore into an empty data directory (DATA_DIR).`);
  const backup = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    const check = backup.pragma("integrity_check", { simple: true });
    if (check !== "ok") throw new Error(`The backup is damaged: ${String(check)}`);
    // Our schema has no triggers or views: a file that brings some (code that would run on every
    // write) is not one of our backups.
    const foreign = backup.prepare("select name from sqlite_master where type in ('trigger', 'view')").all();
    const migrated = backup
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (foreign.length > 0 || !migrated) throw new Error(`${source} is not a utilaje database (unexpected schema).`);
    // Created empty and owner-only first, so the copy is never readable by others while it is written.
    closeSync(openSync(target, "wx", 0o600));
    await backup.backup(target);
  } catch (error) {
    rmSync(target, { force: true });
    throw error;
  } finally {
    backup.close();
  }
  const database = openDatabase({ dataDir: config.DATA_DIR });
  try {
    await migrateToLatest(database.db);
    await forgetTheSourcesNights(database.db);
  } finally {
    await database.close();
  }
  console.log(`Restored ${source} into ${target}`);
}

async function restoreLogical(source: string): Promise<void> {
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const counts = await restoreLogicalBackup(database.db, source);
    await forgetTheSourcesNights(database.db);
    const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
    console.log(`Restored ${rows} rows of ${Object.keys(counts).length} tables from ${source}`);
  } finally {
    await database.close();
  }
}

/**
 * The backups' nights and the alerts' states came with the backup: they are the source's. Kept, a
 * restore on the day of its backup would find that night taken (by the row the backup itself was
 * running under) and make no backup of the restored site that night; an alert would stay "firing"
 * with no mail to say it ended.
 */
async function forgetTheSourcesNights(db: Kysely<Database>): Promise<void> {
  await clearBackupRuns(db);
  await clearAlerts(db);
}
