import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/logger.ts";
import { startServer, type RunningServer, type StartOptions } from "../../server/start-server.ts";
import { TEST_ADMIN } from "./test-admin.ts";

export { TEST_ADMIN };

export interface TestServer extends RunningServer {
  /** fetch relative to the server's URL. */
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
}

/**
 * The real server on 127.0.0.1 and an ephemeral port, with a temporary data directory and its own
 * database: SQLite, or a fresh PostgreSQL database when TEST_DIALECT=postgres. close() removes both.
 * `options` may add a page renderer or a static directory (the logger is always the silent test one).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: Omit<StartOptions, "logger"> = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "utilaje-test-"));
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: dataDir,
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    ADMIN_EMAIL: TEST_ADMIN.email,
    SEED_DEMO: "false",
    LOG_LEVEL: "silent",
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const server = await startServer(config, { ...options, logger: createLogger(config.LOG_LEVEL) });
  return {
    ...server,
    fetch: (pathname, init) => fetch(new URL(pathname, server.url), init),
    close: async () => {
      await server.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  if (process.env.TEST_DIALECT !== "postgres") return undefined;
  const adminUrl = inject("postgresAdminUrl");
  if (!adminUrl) throw new Error("TEST_DIALECT=postgres but the PostgreSQL global setup did not run");
  const name = `utilaje_${randomBytes(6).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: `${adminUrl}/postgres` });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  return { url: `${adminUrl}/${name}`, drop: () => run(`drop database if exists ${name} with (force)`) };
}
