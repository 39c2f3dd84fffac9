import "dotenv/config";
import { closeSync, existsSync, mkdirSync, openSync, rmSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { loadConfig } from "../core/config.ts";
import { writeLogicalBackup } from "../db/backup/logical-backup.ts";
import { openDatabase, SQLITE_FILE } from "../db/database.ts";

/**
 * `npm run backup [-- FILE] [--portable]`, while the server keeps running. On SQLite: a consistent
 * copy of the database file, made with SQLite's online backup. On PostgreSQL, or with --portable: a
 * logical backup (every table as compressed JSON lines, read in one snapshot) that restores into
 * either database. Either kind goes back with `npm run restore -- FILE`. Files are created 0600.
 */
const args = process.argv.slice(2);
const portable = args.includes("--portable");
const config = loadConfig();
const logical = portable || Boolean(config.DATABASE_URL);
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const defaultName = `utilaje-${stamp}${logical ? ".backup.gz" : ".db"}`;
const target = path.resolve(
  args.find((arg) => !arg.startsWith("--")) ?? path.join(config.DATA_DIR, "backups", defaultName),
);
mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
if (existsSync(target)) {
  console.error(`Backup failed: ${target} exists (an older backup?): name a new file.`);
  process.exit(1);
}

try {
  if (logical) {
    const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    try {
      const counts = await writeLogicalBackup(database.db, target);
      const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
      console.log(`Backed up ${rows} rows of ${Object.keys(counts).length} tables to ${target}`);
    } finally {
      await database.close();
    }
  } else {
    const source = new SQLite(path.join(config.DATA_DIR, SQLITE_FILE), { fileMustExist: true, readonly: true });
    try {
      // Created empty and owner-only first, so the copy is never readable by others while it is written.
      closeSync(openSync(target, "wx", 0o600));
      const { totalPages } = await source.backup(target);
      console.log(`Backed up ${totalPages} pages to ${target}`);
    } finally {
      source.close();
    }
  }
} catch (error) {
  rmSync(target, { force: true });
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
