import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DatabaseHandle } from "../../server/db/database.ts";
import { createTestDatabase } from "./test-server.ts";

const cli = (name: string) => path.resolve(import.meta.dirname, `../../server/cli/${name}.ts`);

/** `npm run backup|restore -- args` against a data dir and database, as an operator runs it. */
export function run(
  name: "backup" | "restore",
  args: string[],
  target: { dataDir: string; databaseUrl?: string; env?: Record<string, string> },
) {
  const child = spawn(process.execPath, [cli(name), ...args], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: target.dataDir,
      LOG_LEVEL: "silent",
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      ...target.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, output })),
  );
}

/** Per table: its row count and a SHA-256 of its rows in a stable order (bytes as base64). */
export async function tableDigests(
  database: Pick<DatabaseHandle, "db">,
  tables: readonly string[],
): Promise<Record<string, { rows: number; sha256: string }>> {
  const digests: Record<string, { rows: number; sha256: string }> = {};
  for (const table of tables) {
    const rows = (await database.db
      .selectFrom(table as "users")
      .selectAll()
      .execute()) as Record<string, unknown>[];
    const lines = rows
      .map((row) =>
        JSON.stringify(
          Object.entries(row)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, value]) => [key, value instanceof Uint8Array ? Buffer.from(value).toString("base64") : value]),
        ),
      )
      .sort();
    digests[table] = { rows: rows.length, sha256: createHash("sha256").update(lines.join("\n")).digest("hex") };
  }
  return digests;
}

export interface Target {
  dataDir: string;
  databaseUrl?: string;
  drop(): Promise<void>;
}

/** An empty place to restore into: a new data directory, and a new database on PostgreSQL runs. */
export async function emptyTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "utilaje-restore-"));
  const database = await createTestDatabase();
  return {
    dataDir,
    databaseUrl: database?.url,
    drop: async () => {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
