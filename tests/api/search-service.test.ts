import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createLogger } from "../../server/core/logger.ts";
import { openDatabase, type DatabaseHandle } from "../../server/db/database.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { createSearchLimits } from "../../server/search/rate-limits.ts";
import { createCatalogueSearch } from "../../server/search/search-service.ts";
import { seedDemoCatalogue } from "../../server/seed/demo-catalogue.ts";
import { createTestDatabase } from "../helpers/test-server.ts";

/*
 * The search service and the server's close: the index a search started building reads the
 * database, so the server waits for it (`settled`) before it closes the database under it.
 */

let handle: DatabaseHandle;
let dataDir: string;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let closed = false;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "utilaje-search-service-"));
  database = await createTestDatabase();
  handle = openDatabase({ databaseUrl: database?.url, dataDir });
  await migrateToLatest(handle.db);
  await seedDemoCatalogue(handle.db);
});
afterAll(async () => {
  if (!closed) await handle?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

it("settles once the index being built is in place, so the database can close without cutting a build short", async () => {
  const logger = createLogger("silent");
  const failed = vi.spyOn(logger, "error");
  const built = vi.spyOn(logger, "debug");
  const versionsBuilt = () =>
    built.mock.calls
      .filter(([, message]) => message === "search index built")
      .map(([fields]) => (fields as { version: number }).version);
  const version = { value: 1 };
  const search = createCatalogueSearch({
    db: handle.db,
    logger,
    catalogueVersion: { current: async () => version.value },
    rateLimits: createSearchLimits({ RATE_LIMIT_WINDOW: 900 }),
  });
  // The first search of a process waits for the first index.
  expect(await search.find("komatsu", 8)).toHaveLength(2);
  // A new catalogue version: its first search starts a build and is answered by the index held meanwhile.
  version.value = 2;
  expect(await search.find("komatsu", 8)).toHaveLength(2);
  expect(versionsBuilt()).toEqual([1]);
  await search.settled();
  expect(versionsBuilt()).toEqual([1, 2]);
  await handle.close();
  closed = true;
  expect(failed).not.toHaveBeenCalled();
  // The new version's index is held: its searches no longer read the database.
  expect(await search.find("kx057", 8)).toHaveLength(1);
});
