import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { openDatabase } from "../../server/db/database.ts";
import { migrateTo, migrateToLatest } from "../../server/db/migrate.ts";
import { createTestDatabase } from "../helpers/test-server.ts";

/**
 * The filter keys' migration (SQLite and PostgreSQL, TEST_DIALECT): a stored key that could be
 * another parameter of its category's page (ending in -min or -max, `sort`, `lang`) takes the first
 * free suffix of its category; every other key stays, and another category's keys are not in the way.
 */
it("gives a stored key that could meet a filter parameter the first free suffix, and keeps the rest", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "utilaje-filter-keys-migration-"));
  const database = await createTestDatabase();
  const handle = openDatabase({ databaseUrl: database?.url, dataDir });
  const db = handle.db;
  try {
    await migrateTo(db, "2026-11-26-0005-search-misses");
    const now = new Date().toISOString();
    const [compactors, other] = [randomUUID(), randomUUID()];
    await db
      .insertInto("categories")
      .values(
        [compactors, other].map((id, index) => ({
          id,
          name: `Categoria ${index}`,
          slug: `categoria-${index}`,
          header_image_id: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const rows = [
      [compactors, "greutate", "number"],
      [compactors, "greutate-min", "choice"],
      [compactors, "greutate-min-2", "text"],
      [compactors, "lang", "yes_no"],
      [compactors, "putere-max", "number"],
      [compactors, "minim", "number"],
      [other, "greutate-min", "choice"],
      [other, "sort", "choice"],
    ] as const;
    const ids = rows.map(() => randomUUID());
    await db
      .insertInto("specifications")
      .values(
        rows.map(([category_id, key, kind], position) => ({
          id: ids[position],
          category_id,
          key,
          name: key,
          name_en: "",
          kind,
          unit: null,
          position,
          on_card: 0,
          filter: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();

    await migrateToLatest(db);

    const stored = await db.selectFrom("specifications").select(["id", "key"]).execute();
    const keyOf = new Map(stored.map((row) => [row.id, row.key]));
    expect(ids.map((id) => keyOf.get(id))).toEqual([
      "greutate",
      "greutate-min-3",
      "greutate-min-2",
      "lang-2",
      "putere-max-2",
      "minim",
      "greutate-min-2",
      "sort-2",
    ]);
  } finally {
    await handle.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
