import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { openDatabase } from "../../server/db/database.ts";
import { migrateTo, migrateToLatest } from "../../server/db/migrate.ts";
import { createTestDatabase } from "../helpers/test-server.ts";
import { insertFirstSchemaMachine } from "../helpers/first-schema-rows.ts";

/**
 * The quote-list migration on a database with requests from before it (SQLite and PostgreSQL,
 * TEST_DIALECT): a request about one machine ('CERETI OFERTA') gets that machine as its list, with
 * the category the machine has; one about a machine deleted since keeps its model; others get none.
 */
it("gives each earlier request about one machine that machine as its quote list", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "utilaje-quote-migration-"));
  const database = await createTestDatabase();
  const handle = openDatabase({ databaseUrl: database?.url, dataDir });
  const db = handle.db;
  try {
    await migrateTo(db, "2026-11-26-0001-english-content");
    const now = new Date().toISOString();
    const [withMachine, withDeleted, without] = [randomUUID(), randomUUID(), randomUUID()];
    const { category, product } = await insertFirstSchemaMachine(db, now);
    const lead = (id: string, productId: string | null, model: string | null) => ({
      id,
      last_name: "Popescu",
      first_name: "Ion",
      email: "ion@example.ro",
      phone: "",
      city: "",
      categories: "",
      message: "",
      lang: "ro",
      product_id: productId,
      product_model: model,
      mail_id: null,
      search_text: "popescu",
      created_at: now,
    });
    await db
      .insertInto("contact_requests")
      .values([
        lead(withMachine, product, "CAT 320"),
        lead(withDeleted, randomUUID(), "Bomag BW 120"),
        lead(without, null, null),
      ])
      .execute();

    await migrateToLatest(db);

    const items = await db.selectFrom("contact_request_items").selectAll().orderBy("product_model").execute();
    expect(items).toEqual([
      {
        request_id: withDeleted,
        position: 0,
        product_id: expect.any(String),
        product_model: "Bomag BW 120",
        category_id: null,
        category_name: null,
        start_date: null,
        days: null,
        with_operator: 0,
        units: 1,
        received_at: now,
      },
      {
        request_id: withMachine,
        position: 0,
        product_id: product,
        product_model: "CAT 320",
        category_id: category,
        category_name: "Excavatoare",
        start_date: null,
        days: null,
        with_operator: 0,
        units: 1,
        received_at: now,
      },
    ]);
  } finally {
    await handle.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
