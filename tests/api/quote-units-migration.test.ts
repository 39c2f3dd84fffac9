import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { openDatabase } from "../../server/db/database.ts";
import { migrateTo, migrateToLatest } from "../../server/db/migrate.ts";
import { itemsOfLeads } from "../../server/db/repositories/lead-items.ts";
import { insertLead } from "../../server/db/repositories/leads.ts";
import { insertFirstSchemaMachine } from "../helpers/first-schema-rows.ts";
import { createTestDatabase } from "../helpers/test-server.ts";
import { sampleLead } from "../fixtures/leads.ts";

/**
 * The quote list's units' migration (decision 098) on requests from before it (SQLite and PostgreSQL,
 * TEST_DIALECT): every machine already asked for is one unit, a row written without units is one,
 * and the migration can be undone.
 */
it("gives every machine of an earlier quote list one unit, and undoes cleanly", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "utilaje-quote-units-migration-"));
  const database = await createTestDatabase();
  const handle = openDatabase({ databaseUrl: database?.url, dataDir });
  const db = handle.db;
  const BEFORE = "2026-11-29-0007-offers";
  try {
    await migrateTo(db, BEFORE);
    const now = new Date().toISOString();
    const { product } = await insertFirstSchemaMachine(db, now);
    const lead = randomUUID();
    await insertLead(db, sampleLead(lead, new Date(now)));
    const item = (position: number) => ({
      request_id: lead,
      position,
      product_id: product,
      product_model: "CAT 320",
      category_id: null,
      category_name: null,
      start_date: null,
      days: 3,
      with_operator: 1,
      received_at: now,
    });
    await db.insertInto("contact_request_items").values(item(0)).execute();

    await migrateToLatest(db);

    await db.insertInto("contact_request_items").values(item(1)).execute();
    await db
      .insertInto("contact_request_items")
      .values({ ...item(2), units: 7 })
      .execute();
    const items = (await itemsOfLeads(db, [lead])).get(lead) ?? [];
    expect(items.map((row) => [row.position, row.days, row.with_operator, row.units])).toEqual([
      [0, 3, 1, 1],
      [1, 3, 1, 1],
      [2, 3, 1, 7],
    ]);

    await migrateTo(db, BEFORE);
    const [row] = await db.selectFrom("contact_request_items").selectAll().execute();
    expect(row).toBeDefined();
    expect(Object.keys(row ?? {})).not.toContain("units");
  } finally {
    await handle.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
