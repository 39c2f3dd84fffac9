import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { loadConfig } from "../../server/core/config.ts";
import { createLogger } from "../../server/core/logger.ts";
import { startServer, type RunningServer, type StartOptions } from "../../server/process/start-server.ts";
import { TEST_ADMIN } from "./test-admin.ts";

export { TEST_ADMIN };

export interface TestServer extends RunningServer {
  /** fetch relative to the server's URL. */
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
}

/** Where HTTP helpers send their calls: a test server, one instance of a deployment, or nginx in front of several. */
export type Site = Pick<TestServer, "fetch">;

/** A Site at `url` (nginx, an instance in its own process). */
export function siteAt(url: string): Site {
  return { fetch: (pathname, init) => fetch(new URL(pathname, url), init) };
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
    BACKUP_AT: "off",
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
      // A picture's background variant may still be written into the folder as it is emptied (its
      // encoding ends after the server has closed: nothing waits for it); the removal is tried again.
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}

export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  if (process.env.TEST_DIALECT !== "postgres") return undefined;
  const adminUrl = inject("postgresAdminUrl");
  if (!adminUrl) throw new Error("TEST_DIALECT=postgres but the PostgreSQL global setup did not run");
  const name = `utilaje_${randomBytes(6).toString("hex")}`;
  const run = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: `${adminUrl}/postgres` });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  await run((client) => client.query(`create database ${name}`));
  return {
    url: `${adminUrl}/${name}`,
    drop: () =>
      run(async (client) => {
        // pg's pool.end() resolves before its connections have closed: terminating them then (`with
        // (force)`) makes their clients emit errors into whatever test runs next. Wait for them to go.
        await waitFor(async () => {
          const { rows } = await client.query<{ count: string }>(
            "select count(*) from pg_stat_activity where datname = $1",
            [name],
          );
          return rows[0]?.count === "0";
        });
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

/** Polls `done` until it holds, for at most five seconds (then goes on: the drop forces what is left). */
async function waitFor(done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await done()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}
