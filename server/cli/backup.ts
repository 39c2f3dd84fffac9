import "dotenv/config";
import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { loadConfig } from "../config.ts";
import { SQLITE_FILE } from "../db/database.ts";

/**
 * `npm run backup [target file]`: a consistent copy of the SQLite database, made with SQLite's online
 * backup while the server keeps running. PostgreSQL has its own tools (docs/operations.md).
 */
const config = loadConfig();
if (config.DATABASE_URL) {
  console.error("DATABASE_URL points to PostgreSQL: back it up with pg_dump (see docs/operations.md).");
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const target = path.resolve(process.argv[2] ?? path.join(config.DATA_DIR, "backups", `utilaje-${stamp}.db`));
mkdirSync(path.dirname(target), { recursive: true });
const source = new SQLite(path.join(config.DATA_DIR, SQLITE_FILE), { fileMustExist: true, readonly: true });
try {
  const { totalPages } = await source.backup(target);
  console.log(`Backed up ${totalPages} pages to ${target}`);
} finally {
  source.close();
}
