import "dotenv/config";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { backupFileName } from "../backups/backup-files.ts";
import { writeVerifiedBackup } from "../backups/write-backup.ts";
import { loadConfig } from "../core/config.ts";

/**
 * `npm run backup [-- FILE] [--portable]`, while the server keeps running. On SQLite: a consistent
 * copy of the database file, made with SQLite's online backup. On PostgreSQL, or with --portable: a
 * logical backup (every table as compressed JSON lines, read in one snapshot) that restores into
 * either database. Either kind is verified before it gets its name (server/backups/write-backup.ts)
 * and goes back with `npm run restore -- FILE`. Files are created 0600.
 */
const args = process.argv.slice(2);
const portable = args.includes("--portable");
const config = loadConfig();
const kind = portable || config.DATABASE_URL ? "logical" : "sqlite";
const target = path.resolve(
  args.find((arg) => !arg.startsWith("--")) ?? path.join(config.DATA_DIR, "backups", backupFileName(new Date(), kind)),
);
mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
if (existsSync(target)) {
  console.error(`Backup failed: ${target} exists (an older backup?): name a new file.`);
  process.exit(1);
}

try {
  const { rows, bytes } = await writeVerifiedBackup({
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    target,
    kind,
  });
  console.log(`Backed up and verified ${rows} rows (${bytes} bytes) to ${target}`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
