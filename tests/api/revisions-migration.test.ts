import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { allProducts } from "../../server/catalogue/read.ts";
import { openDatabase } from "../../server/db/database.ts";
import { deleteUnusedImages } from "../../server/db/repositories/images.ts";
import { migrateTo, migrateToLatest } from "../../server/db/migrate.ts";
import { recordRevision, revisionBaseline } from "../../server/revisions/record-revision.ts";
import { createTestDatabase } from "../helpers/test-server.ts";
import { insertFirstSchemaMachine } from "../helpers/first-schema-rows.ts";

/**
 * The revisions' migration (decision 078) on a catalogue from before it (SQLite and PostgreSQL,
 * TEST_DIALECT): its tables come empty, every machine reads as before, and the first save of one
 * keeps the state it found, whose picture is then kept.
 */
it("adds empty tables; a machine from before keeps its state at its first save", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "utilaje-revisions-migration-"));
  const database = await createTestDatabase();
  const handle = openDatabase({ databaseUrl: database?.url, dataDir });
  const db = handle.db;
  try {
    await migrateTo(db, "2026-11-28-0003-trash");
    const now = new Date().toISOString();
    const { image, product } = await insertFirstSchemaMachine(db, now);
    const before = await allProducts(db);

    await migrateToLatest(db);

    expect(await allProducts(db)).toEqual(before);
    expect(await db.selectFrom("revisions").selectAll().execute()).toEqual([]);
    const actor = { userId: null, address: "127.0.0.1" };
    await db.transaction().execute(async (trx) => {
      const baseline = await revisionBaseline(trx, { kind: "product", id: product });
      await trx.updateTable("products").set({ details: "y" }).where("id", "=", product).execute();
      await recordRevision(trx, actor, { kind: "product", id: product }, { baseline });
    });
    const rows = await db.selectFrom("revisions").select(["action", "summary"]).orderBy("at").execute();
    expect(rows).toEqual([
      { action: "baseline", summary: "Versiunea de dinaintea istoricului" },
      { action: "update", summary: "Modificat: detaliile" },
    ]);
    expect(await deleteUnusedImages(db, [image])).toEqual([]);
  } finally {
    await handle.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
