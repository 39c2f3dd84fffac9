import { chmodSync, closeSync, openSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from "kysely";
import type pg from "pg";
import type { Database } from "./schema.ts";

/**
 * The driver of the database in use only: pg is about 4 MB resident that an instance on SQLite never
 * needs, and better-sqlite3's library is not needed on PostgreSQL (decision 50). Both are CommonJS
 * packages, so they load synchronously, as openDatabase is.
 */
const load = createRequire(import.meta.url);

export type Dialect = "sqlite" | "postgres";

/** The SQLite database's file name inside the data directory. */
export const SQLITE_FILE = "utilaje.db";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

/** How often SQLite re-checks its planner statistics (PRAGMA optimize) while the server runs. */
const STATISTICS_EVERY_MS = 6 * 60 * 60_000;

/** SQLite in the data directory unless a PostgreSQL URL is given; the same queries serve both. */
export function openDatabase(options: { databaseUrl?: string; dataDir: string }): DatabaseHandle {
  if (options.databaseUrl) {
    const { Pool } = load("pg") as typeof pg;
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection ended by the database (a restart, an administrator, a dropped test
    // database) is removed by the pool, and the next query opens another; unhandled, the error
    // event would end the process.
    pool.on("error", () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", close: () => db.destroy() };
  }
  const file = path.join(options.dataDir, SQLITE_FILE);
  // The database holds password hashes and visitors' details: only the server's user may read it.
  // SQLite gives its -wal and -shm files the database file's permissions.
  closeSync(openSync(file, "a", 0o600));
  chmodSync(file, 0o600);
  const sqlite = new (load("better-sqlite3") as typeof SQLite)(file);
  // First, so that the switch to WAL waits for another process opening the same file.
  sqlite.pragma("busy_timeout = 5000");
  switchToWal(sqlite);
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  // The query planner's statistics (sqlite_stat1), as SQLite advises: checked at open, refreshed every few
  // hours; each ANALYZE it decides on reads a bounded sample. Without them grouped counts over the quote
  // lists read the wrong index (decision 51; bench/README.md § lead-demand).
  sqlite.pragma("optimize = 0x10002");
  const statistics = setInterval(() => sqlite.pragma("optimize"), STATISTICS_EVERY_MS);
  statistics.unref();
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: "sqlite",
    close: () => {
      clearInterval(statistics);
      return db.destroy();
    },
  };
}

/**
 * Two processes opening a new file at once may both hold a shared lock and both want the exclusive
 * one the switch to WAL needs: SQLite then refuses one of them at once (SQLITE_BUSY) instead of
 * making it wait, since waiting could never end. That one tries again a little later, a bounded
 * number of times; this happens only while a server starts.
 */
function switchToWal(sqlite: SQLite.Database): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let attempt = 1; ; attempt += 1) {
    try {
      sqlite.pragma("journal_mode = WAL");
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_BUSY" || attempt >= 100) throw error;
      Atomics.wait(pause, 0, 0, 10 + Math.random() * 40);
    }
  }
}

/**
 * Kysely prepares every query anew, and preparing costs more than running a small query (about 4×
 * for the catalogue-version lookup of every cached page). Statements are kept by their SQL text,
 * the least recently used dropped past `capacity` (`in (…)` lists of any length make new texts).
 * Reuse is safe: Kysely runs one query at a time on the one connection, and no code streams rows.
 */
function withStatementCache(sqlite: SQLite.Database, capacity = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const statement = statements.get(sql) ?? sqlite.prepare(sql);
      statements.delete(sql);
      statements.set(sql, statement);
      if (statements.size > capacity) statements.delete(statements.keys().next().value ?? sql);
      return statement;
    },
  };
}
