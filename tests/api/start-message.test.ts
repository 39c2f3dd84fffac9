import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it, vi } from "vitest";
import { createTestDatabase, TEST_ADMIN } from "../helpers/test-server.ts";

const ENTRY = path.resolve(import.meta.dirname, "..", "..", "server", "process", "index.ts");

it(
  "with PORT=0 the start-up lines name the port actually chosen, for the site and for /admin",
  { timeout: 60_000 },
  async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), "utilaje-start-message-"));
    // The production entry as `npm start` runs it (the build is npm test's step before the API tests).
    const child = spawn(process.execPath, [ENTRY], {
      env: {
        PATH: process.env.PATH,
        HOST: "127.0.0.1",
        PORT: "0",
        DATA_DIR: dataDir,
        SEED_DEMO: "false",
        LOG_LEVEL: "silent",
        ADMIN_USERNAME: TEST_ADMIN.username,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        ...(database ? { DATABASE_URL: database.url } : {}),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      const [site, admin] = await vi.waitFor(
        () => {
          const site = /^utilaje is running at (http:\/\/127\.0\.0\.1:(\d+))\/home$/m.exec(output);
          const admin = /^Admin: (\S+)\/admin {2}user: (\S+)$/m.exec(output);
          expect([site, admin], output).not.toContain(null);
          return [site as RegExpExecArray, admin as RegExpExecArray];
        },
        { timeout: 50_000, interval: 50 },
      );
      expect(Number(site[2])).toBeGreaterThan(0);
      expect([admin[1], admin[2]]).toEqual([site[1], TEST_ADMIN.username]);
      expect((await fetch(`${admin[1]}/admin/login`)).status).toBe(200);
    } finally {
      child.kill("SIGTERM");
      await exited;
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
