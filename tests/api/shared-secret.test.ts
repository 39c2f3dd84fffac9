import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadConfig } from "../../server/core/config.ts";
import { createLogger } from "../../server/core/logger.ts";
import { startServer, type RunningServer } from "../../server/process/start-server.ts";
import { createTestDatabase, TEST_ADMIN } from "../helpers/test-server.ts";

/**
 * Two instances on one database, each with its own data directory and no JWT_SECRET, as a
 * deployment of several machines on one PostgreSQL runs them: a session opened on one works on the
 * other, because the generated secret is kept in the database.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const dataDirs: string[] = [];
const instances: RunningServer[] = [];

function settings(extra: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "utilaje-secret-"));
  dataDirs.push(dataDir);
  return loadConfig({
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: "0",
    // On SQLite both instances must share the data directory's database file.
    DATA_DIR: database ? dataDir : (dataDirs[0] ?? dataDir),
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    SEED_DEMO: "false",
    LOG_LEVEL: "silent",
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...extra,
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  instances.push(await startServer(settings(), { logger: createLogger("silent") }));
  instances.push(await startServer(settings(), { logger: createLogger("silent") }));
});
afterAll(async () => {
  for (const instance of instances) await instance.close();
  await database?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

it("a token from one instance opens the admin API of the other; both sign with the same generated secret", async () => {
  const [first, second] = instances;
  expect(first.services.config.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
  expect(second.services.config.JWT_SECRET).toBe(first.services.config.JWT_SECRET);
  const login = await fetch(`${first.url}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: TEST_ADMIN.username, password: TEST_ADMIN.password }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const me = await fetch(`${second.url}/api/configuration`, { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status).toBe(200);
});

it("a JWT_SECRET given in the environment is used as it is", async () => {
  const given = "g".repeat(40);
  const instance = await startServer(settings({ JWT_SECRET: given }), { logger: createLogger("silent") });
  instances.push(instance);
  expect(instance.services.config.JWT_SECRET).toBe(given);
});
