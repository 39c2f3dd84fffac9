import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Cleanup } from "./bench-main.ts";

/**
 * A new, empty PostgreSQL database on the server of `adminUrl` (a role allowed to create
 * databases), dropped at clean-up. Returns its URL.
 */
export async function createTempPostgresDatabase(cleanup: Cleanup, adminUrl: string): Promise<string> {
  const name = `utilaje_bench_${randomBytes(6).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  cleanup.add(() => run(`drop database if exists ${name} with (force)`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
