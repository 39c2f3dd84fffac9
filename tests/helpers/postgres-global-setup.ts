import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "./embedded-postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of the test cluster, without a database name; empty on SQLite runs. */
    postgresAdminUrl: string;
  }
}

/**
 * On PostgreSQL runs, one real PostgreSQL cluster serves the whole run; each test server makes its
 * own database in it. Stopped and deleted in teardown.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DIALECT !== "postgres") {
    project.provide("postgresAdminUrl", "");
    return undefined;
  }
  const cluster = await startEmbeddedPostgres();
  project.provide("postgresAdminUrl", cluster.adminUrl);
  return () => cluster.stop();
}
