import { sql } from "kysely";
import { afterEach, expect, it } from "vitest";
import { migrationState } from "../../server/db/migrate.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function probe(pathname: string) {
  if (!server) throw new Error("no server started");
  const response = await server.fetch(pathname);
  return { status: response.status, cacheControl: response.headers.get("cache-control"), body: await response.json() };
}

it("/healthz and /readyz answer ok on a started server, and are never cached", async () => {
  server = await startTestServer();
  expect(await probe("/healthz")).toEqual({ status: 200, cacheControl: "no-store", body: { status: "ok" } });
  expect(await probe("/readyz")).toEqual({ status: 200, cacheControl: "no-store", body: { status: "ready" } });
});

it("/readyz is 503 while a migration this code needs has not run, /healthz stays ok", async () => {
  server = await startTestServer();
  // Every migration this code lists is then pending, whatever their number.
  const { applied } = await migrationState(server.services.db);
  expect(applied.length).toBeGreaterThan(0);
  await sql`delete from kysely_migration`.execute(server.services.db);
  expect(await probe("/readyz")).toEqual({
    status: 503,
    cacheControl: "no-store",
    body: { status: "unavailable", reason: "migrations", pending: applied },
  });
  expect((await probe("/healthz")).status).toBe(200);
});

it("/readyz is 503 when the database does not answer, /healthz stays ok", async () => {
  server = await startTestServer();
  await server.services.db.destroy();
  expect(await probe("/readyz")).toEqual({
    status: 503,
    cacheControl: "no-store",
    body: { status: "unavailable", reason: "database" },
  });
  expect((await probe("/healthz")).status).toBe(200);
});
