import { spawnSync } from "node:child_process";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { authHeaders, loginAsAdmin } from "../helpers/auth.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

const script = path.resolve(import.meta.dirname, "../../server/cli/backup.ts");

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

function backup(target: string) {
  const { DATA_DIR, DATABASE_URL } = server.services.config;
  return spawnSync(process.execPath, [script, target], {
    encoding: "utf8",
    env: { ...process.env, DATA_DIR, DATABASE_URL: DATABASE_URL ?? "" },
  });
}

it("copies the live SQLite database with what was just written, or points PostgreSQL to pg_dump", async () => {
  const { token } = await loginAsAdmin(server);
  const created = await server.fetch("/api/category/create", {
    method: "POST",
    headers: authHeaders(token),
    body: JSON.stringify({ name: "Macarale" }),
  });
  expect(created.status).toBe(201);

  const target = path.join(server.services.config.DATA_DIR, "copy", "backup.db");
  const result = backup(target);
  if (server.services.dialect === "postgres") {
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("back it up with pg_dump");
    return;
  }
  expect(result.status).toBe(0);
  expect(result.stdout).toContain(`to ${target}`);
  const copy = new SQLite(target, { readonly: true });
  try {
    expect(copy.prepare("select name from categories").all()).toEqual([{ name: "Macarale" }]);
  } finally {
    copy.close();
  }
});
