import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, vi } from "vitest";
import { createTestDatabase, TEST_ADMIN } from "./test-server.ts";

const ENTRY = path.resolve(import.meta.dirname, "..", "..", "server", "process", "index.ts");

export interface ChildServer {
  child: ChildProcess;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Everything the process wrote so far, stdout and stderr together. */
  output(): string;
  /** The site's address, once its start-up line is out. */
  url(): Promise<string>;
  exited: Promise<unknown>;
  /** Kills the process (SIGTERM unless told), waits for it, then drops its database and data directory. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The production entry as `npm start` runs it, in its own process on 127.0.0.1, a free port, a fresh
 * data directory and database (PostgreSQL when TEST_DIALECT=postgres): for tests of what only the real
 * process shows (its output, a kill). The build is npm test's step before the API tests.
 */
export async function spawnServer(env: Record<string, string> = {}): Promise<ChildServer> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "utilaje-child-"));
  const child = spawn(process.execPath, [ENTRY], {
    env: {
      PATH: process.env.PATH,
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      BACKUP_AT: "off",
      LOG_LEVEL: "silent",
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => (output += chunk.toString("utf8"));
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    child,
    dataDir,
    databaseUrl: database?.url,
    output: () => output,
    url: () =>
      vi.waitFor(
        () => {
          const site = /^utilaje is running at (http:\/\/127\.0\.0\.1:\d+)\/home$/m.exec(output);
          expect(site, output).not.toBeNull();
          return (site as RegExpExecArray)[1] ?? "";
        },
        { timeout: 50_000, interval: 50 },
      ),
    exited,
    stop: async (signal = "SIGTERM") => {
      child.kill(signal);
      await exited;
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
