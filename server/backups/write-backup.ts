import { closeSync, openSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  BACKUP_TABLES,
  readLogicalBackupCounts,
  writeLogicalBackup,
  type TableCounts,
} from "../db/backup/logical-backup.ts";
import { openDatabase, SQLITE_FILE } from "../db/database.ts";
import { partialName, type BackupKind } from "./backup-files.ts";

/** Where a backup comes from and goes: the database of DATABASE_URL, or DATA_DIR's SQLite file. */
export interface BackupInput {
  dataDir: string;
  databaseUrl?: string;
  /** The backup's final name (backup-files.ts). */
  target: string;
  kind: BackupKind;
}

export interface BackupResult {
  kind: BackupKind;
  /** Rows in the backup, equal to the live database's in the copy's snapshot. */
  rows: number;
  bytes: number;
}

/** A backup written but not as the database was: never counted as a good one. */
export class BackupCheckFailed extends Error {}

export interface BackupSteps {
  /** Writes the copy to `file`; returns the live database's row counts in the copy's snapshot. */
  write(input: BackupInput, file: string): Promise<TableCounts>;
  /** Opens the copy, checks its integrity and returns its row counts. */
  read(kind: BackupKind, file: string): Promise<TableCounts>;
}

/** The real steps; a test may pass others (a disk that fills, a copy damaged after its write). */
export const BACKUP_STEPS: BackupSteps = {
  async write(input, file) {
    if (input.kind === "logical") {
      const database = openDatabase({ databaseUrl: input.databaseUrl, dataDir: input.dataDir });
      try {
        return (await writeLogicalBackup(database.db, file)).live;
      } finally {
        await database.close();
      }
    }
    return copySqliteFile(path.join(input.dataDir, SQLITE_FILE), file);
  },
  async read(kind, file) {
    if (kind === "logical") return readLogicalBackupCounts(file);
    const copy = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      const check = copy.pragma("integrity_check", { simple: true });
      if (check !== "ok") throw new Error(`SQLite's integrity check says: ${String(check)}`);
      return countSqliteRows(copy);
    } finally {
      copy.close();
    }
  },
};

/**
 * A backup as `npm run backup` makes it, then verified: written under a partial name, opened and
 * checked (SQLite's integrity check, or the logical file read whole), its row counts compared with
 * the live database's at the time of the copy, and only then given its name. Whatever fails (a full
 * disk, a check) removes the partial file and throws; backups already there are never touched.
 * Runs in a work pool's child for the nightly backup (the server's thread stays free) and in the
 * `npm run backup` process.
 */
export async function writeVerifiedBackup(
  input: BackupInput,
  steps: BackupSteps = BACKUP_STEPS,
): Promise<BackupResult> {
  const partial = partialName(input.target);
  try {
    const live = await steps.write(input, partial);
    let read: TableCounts;
    try {
      read = await steps.read(input.kind, partial);
    } catch (error) {
      throw new BackupCheckFailed(`The backup cannot be read back: ${messageOf(error)}`);
    }
    const differing = BACKUP_TABLES.filter((table) => read[table] !== live[table]);
    if (differing.length > 0) {
      const [table] = differing;
      throw new BackupCheckFailed(
        `The backup's rows differ from the database's in ${differing.join(", ")} (${table}: ${read[table]} instead of ${live[table]}).`,
      );
    }
    const { size } = statSync(partial);
    renameSync(partial, input.target);
    return { kind: input.kind, rows: Object.values(live).reduce((sum, count) => sum + count, 0), bytes: size };
  } catch (error) {
    for (const leftover of [partial, `${partial}-wal`, `${partial}-shm`]) rmSync(leftover, { force: true });
    throw error;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * SQLite's online backup from a read transaction: the copy is that transaction's snapshot (the
 * server's writes meanwhile are not in it), so the counts read in it are the copy's to match.
 */
async function copySqliteFile(source: string, file: string): Promise<TableCounts> {
  const database = new SQLite(source, { fileMustExist: true, readonly: true });
  let live: TableCounts;
  try {
    // Created empty and owner-only first, so the copy is never readable by others while it is written.
    closeSync(openSync(file, "wx", 0o600));
    database.exec("begin");
    live = countSqliteRows(database);
    await database.backup(file);
    database.exec("commit");
  } finally {
    database.close();
  }
  // The copy is a WAL database like its source: opened to be read (its check, a restore), it would
  // grow -wal and -shm files beside it. A rollback journal keeps it one file.
  const copy = new SQLite(file, { fileMustExist: true });
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
  return live;
}

function countSqliteRows(database: SQLite.Database): TableCounts {
  const counts = {} as TableCounts;
  for (const table of BACKUP_TABLES) {
    counts[table] = (database.prepare(`select count(*) as count from "${table}"`).get() as { count: number }).count;
  }
  return counts;
}
