import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { allBanners, allCategories, allProducts, configurationEntries } from "../../server/catalogue/read.ts";
import { openDatabase } from "../../server/db/database.ts";
import { updateCategory } from "../../server/db/repositories/categories.ts";
import { migrateTo, migrateToLatest } from "../../server/db/migrate.ts";
import { createTestDatabase } from "../helpers/test-server.ts";
import { insertFirstSchemaMachine } from "../helpers/first-schema-rows.ts";

/**
 * The versions' migration (decision 068) on a catalogue from before it (SQLite and PostgreSQL,
 * TEST_DIALECT): every existing category, machine, banner and configuration entry reads at version
 * 1, and a save based on it goes through while one based on another is refused.
 */
it("gives every existing record version 1, which its next save names", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "utilaje-versions-migration-"));
  const database = await createTestDatabase();
  const handle = openDatabase({ databaseUrl: database?.url, dataDir });
  const db = handle.db;
  try {
    await migrateTo(db, "2026-11-26-0005-search-misses");
    const now = new Date().toISOString();
    const banner = randomUUID();
    const { image, category } = await insertFirstSchemaMachine(db, now);
    await db.insertInto("banners").values({ id: banner, image_id: image, position: 0, created_at: now }).execute();
    await db
      .insertInto("configuration")
      .values({ id: randomUUID(), key: "contact_phone", value: "0722123456", updated_at: now })
      .execute();

    await migrateToLatest(db);

    const versions = (records: { version: number }[]) => records.map((record) => record.version);
    expect(versions(await allCategories(db))).toEqual([1]);
    expect(versions(await allProducts(db))).toEqual([1]);
    expect(versions(await allBanners(db))).toEqual([1]);
    expect(versions(await configurationEntries(db))).toEqual([1]);
    const rename = (name: string, version: number) =>
      updateCategory(db, category, { name, slug: "excavatoare", updated_at: now }, version);
    expect(await rename("Excavatoare mari", 2)).toBe(false);
    expect(await rename("Excavatoare mari", 1)).toBe(true);
    expect(versions(await allCategories(db))).toEqual([2]);
  } finally {
    await handle.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
