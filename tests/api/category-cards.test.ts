import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { allCategories, productCardsOfCategory, productsOfCategory } from "../../server/catalogue/read.ts";
import { openDatabase } from "../../server/db/database.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { seedDemoCatalogue } from "../../server/seed/demo-catalogue.ts";
import { createTestDatabase } from "../helpers/test-server.ts";

/**
 * A category page's lean read (SQLite and PostgreSQL, TEST_DIALECT): for every demo category, the
 * same machines in the same order, with the same offer photo and values, as the full read the API
 * answers with, without what the cards do not show; none for a category that does not exist.
 */
it("reads each demo category's cards as the full read has them, in its order, and none for an unknown category", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "utilaje-category-cards-"));
  const database = await createTestDatabase();
  const handle = openDatabase({ databaseUrl: database?.url, dataDir });
  const { db } = handle;
  try {
    await migrateToLatest(db);
    await seedDemoCatalogue(db);
    const categories = await allCategories(db);
    expect(categories.length).toBeGreaterThan(1);
    for (const category of categories) {
      const full = (await productsOfCategory(db, category.uuid)) ?? [];
      const cards = await productCardsOfCategory(db, category);
      expect(full.length).toBeGreaterThan(0);
      expect(cards).toEqual(
        full.map(({ uuid, model, slug, header_photo, specifications }) => ({
          uuid,
          model,
          slug,
          header_photo,
          specifications,
        })),
      );
    }
    expect(await productCardsOfCategory(db, { uuid: randomUUID(), slug: "nu-exista" })).toEqual([]);
  } finally {
    await handle.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
