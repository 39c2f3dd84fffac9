import { Migrator, type Kysely, type Migration, type MigrationProvider } from "kysely";
import * as initial from "./migrations/2026-11-21-0001-initial.ts";
import * as contactLeads from "./migrations/2026-11-23-0001-contact-leads.ts";
import type { Database } from "./schema.ts";

/** Listed in code (not read from disk) so the bundled and the source server run the same set. */
const migrations: Record<string, Migration> = {
  "2026-11-21-0001-initial": initial,
  "2026-11-23-0001-contact-leads": contactLeads,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === "Error");
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : "";
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
  return results.map((result) => result.migrationName);
}
