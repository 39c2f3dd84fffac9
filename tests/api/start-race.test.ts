import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import type { AdminBootstrap } from "../../server/users/bootstrap.ts";
import { createTestDatabase } from "../helpers/test-server.ts";

const script = path.resolve(import.meta.dirname, "../helpers/start-instance.ts");

interface Started {
  code: number | null;
  output: string;
  report?: { admin: AdminBootstrap; seeded: boolean };
}

function startInstance(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "silent", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) =>
    child.on("close", (code) => {
      const line = output.split("\n").find((text) => text.startsWith("{"));
      resolve({ code, output, report: line ? (JSON.parse(line) as Started["report"]) : undefined });
    }),
  );
}

it(
  "two instances started at the same moment on one new database both start: one admin, one demo catalogue",
  { timeout: 120_000 },
  async () => {
    for (let round = 0; round < 4; round++) {
      const database = await createTestDatabase();
      // On SQLite the instances share the data directory (and so the database file).
      const dataDir = mkdtempSync(path.join(tmpdir(), "utilaje-race-"));
      const env = {
        DATA_DIR: dataDir,
        // The demo seed is the slow part: raced in the first round only.
        SEED_DEMO: round === 0 ? "true" : "false",
        JWT_SECRET: "a-shared-secret-of-at-least-32-characters",
        ...(database ? { DATABASE_URL: database.url } : {}),
      };
      try {
        const instances = await Promise.all([startInstance(env), startInstance(env)]);
        for (const instance of instances) expect(instance, instance.output).toMatchObject({ code: 0 });
        const reports = instances.map((instance) => instance.report);
        // Exactly one made the administrator, and only that one shows a generated password.
        expect(reports.filter((report) => report?.admin.created)).toHaveLength(1);
        expect(reports.filter((report) => report?.admin.generatedPassword)).toHaveLength(1);
        if (round === 0) expect(reports.filter((report) => report?.seeded)).toHaveLength(1);
      } finally {
        await database?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  },
);
