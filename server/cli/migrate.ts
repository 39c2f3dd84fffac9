import "dotenv/config";
import { loadConfig } from "../core/config.ts";
import { prepareDataDir } from "../core/data-dir.ts";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";

/** `npm run db:migrate`: brings the configured database to the latest schema (npm start does it too). */
const config = prepareDataDir(loadConfig());
const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
} finally {
  await database.close();
}
