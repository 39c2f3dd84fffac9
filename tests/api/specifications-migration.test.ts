import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { allCategories, allProducts } from "../../server/catalogue/read.ts";
import { openDatabase } from "../../server/db/database.ts";
import { migrateTo, migrateToLatest } from "../../server/db/migrate.ts";
import { createTestDatabase } from "../helpers/test-server.ts";
import { insertFirstSchemaMachine } from "../helpers/first-schema-rows.ts";

/**
 * The specifications' migration on a catalogue from before it (SQLite and PostgreSQL, TEST_DIALECT):
 * its rows stay valid and read as categories without specifications and machines without values;
 * deleting a category then leaves its machine without values, as a product of 'Necunoscut'.
 */
it("leaves existing categories and machines valid, without specifications or values", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "utilaje-specifications-migration-"));
  const database = await createTestDatabase();
  const handle = openDatabase({ databaseUrl: database?.url, dataDir });
  const db = handle.db;
  try {
    await migrateTo(db, "2026-11-26-0003-login-clients");
    const now = new Date().toISOString();
    const { category, product } = await insertFirstSchemaMachine(db, now, "<p>22.500 kg</p>");

    await migrateToLatest(db);

    expect((await allCategories(db)).map((row) => [row.uuid, row.specifications])).toEqual([[category, []]]);
    const [machine] = await allProducts(db);
    expect(machine).toMatchObject({
      uuid: product,
      category_uuid: category,
      technical_data: "<p>22.500 kg</p>",
      specifications: {},
    });
    await db.deleteFrom("categories").where("id", "=", category).execute();
    expect((await allProducts(db)).map((row) => [row.category_uuid, row.specifications])).toEqual([[null, {}]]);
  } finally {
    await handle.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
