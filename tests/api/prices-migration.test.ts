import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { NO_PRICES } from "../../common/pricing/machine-prices.ts";
import { allProducts } from "../../server/catalogue/read.ts";
import { withAdminPrices } from "../../server/catalogue/product-prices.ts";
import { openDatabase } from "../../server/db/database.ts";
import { migrateTo, migrateToLatest } from "../../server/db/migrate.ts";
import { insertFirstSchemaMachine } from "../helpers/first-schema-rows.ts";
import { createTestDatabase } from "../helpers/test-server.ts";

/**
 * The prices' migration (decision 089) on a catalogue from before it (SQLite and PostgreSQL,
 * TEST_DIALECT): every machine reads as before and has no prices, not on request; a rate up to
 * MAX_AMOUNT is stored; the migration can be undone.
 */
it("gives every existing machine no prices, stores the largest amount, and undoes cleanly", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "utilaje-prices-migration-"));
  const database = await createTestDatabase();
  const handle = openDatabase({ databaseUrl: database?.url, dataDir });
  const db = handle.db;
  try {
    await migrateTo(db, "2026-11-28-0004-revisions");
    const { product } = await insertFirstSchemaMachine(db, new Date().toISOString());
    const before = await allProducts(db);

    await migrateToLatest(db);

    const after = await allProducts(db);
    expect(after).toEqual(before);
    expect((await withAdminPrices(db, after[0])).prices).toEqual(NO_PRICES);
    await db.updateTable("products").set({ price_day: 1_000_000_000 }).where("id", "=", product).execute();
    expect((await withAdminPrices(db, after[0])).prices?.day).toBe(1_000_000_000);

    await migrateTo(db, "2026-11-28-0004-revisions");
    const [row] = await db.selectFrom("products").selectAll().execute();
    expect(Object.keys(row ?? {}).filter((column) => column.startsWith("price_"))).toEqual([]);
  } finally {
    await handle.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
