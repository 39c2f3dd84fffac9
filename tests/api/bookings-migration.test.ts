import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { addDays, romanianDay } from "../../common/days/romanian-day.ts";
import { availabilityOf } from "../../server/bookings/availability.ts";
import { allProducts, configurationEntries } from "../../server/catalogue/read.ts";
import { openDatabase } from "../../server/db/database.ts";
import { migrateTo, migrateToLatest } from "../../server/db/migrate.ts";
import { insertFirstSchemaMachine } from "../helpers/first-schema-rows.ts";
import { createTestDatabase } from "../helpers/test-server.ts";

/**
 * The bookings' migration (decision 070) on a catalogue from before it (SQLite and PostgreSQL,
 * TEST_DIALECT): every existing machine has one unit and is free, no configuration entry appears
 * (availability is shown while the switch is absent), and the migration can be undone.
 */
it("gives every existing machine one unit, free every day, and undoes cleanly", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "utilaje-bookings-migration-"));
  const database = await createTestDatabase();
  const handle = openDatabase({ databaseUrl: database?.url, dataDir });
  const db = handle.db;
  try {
    await migrateTo(db, "2026-11-27-0002-edit-versions");
    const now = new Date().toISOString();
    const { product } = await insertFirstSchemaMachine(db, now);

    await migrateToLatest(db);

    expect((await allProducts(db)).map((machine) => machine.units)).toEqual([1]);
    expect(await configurationEntries(db)).toEqual([]);
    const today = romanianDay();
    const days = (await availabilityOf({ db }, [product], today, addDays(today, 2))).get(product);
    expect(days?.map((entry) => entry.state)).toEqual(["free", "free", "free"]);
    await db
      .insertInto("bookings")
      .values({
        id: "b1",
        product_id: product,
        units: 1,
        first_day: today,
        last_day: today,
        state: "confirmat",
        lead_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect(await db.selectFrom("bookings").select(["overbooked", "note", "version"]).execute()).toEqual([
      { overbooked: 0, note: "", version: 1 },
    ]);

    await migrateTo(db, "2026-11-27-0002-edit-versions");
    expect((await db.selectFrom("products").selectAll().execute()).map((row) => "units" in row)).toEqual([false]);
  } finally {
    await handle.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
