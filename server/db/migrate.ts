import {
  Migrator,
  SqliteAdapter,
  sql,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from "kysely";
import * as initial from "./migrations/2026-11-21-0001-initial.ts";
import * as contactLeads from "./migrations/2026-11-23-0001-contact-leads.ts";
import * as mailOutboxOneTime from "./migrations/2026-11-23-0002-mail-outbox-one-time.ts";
import * as contactVerified from "./migrations/2026-11-23-0003-contact-verified.ts";
import * as contactSearch from "./migrations/2026-11-23-0004-contact-search.ts";
import * as englishContent from "./migrations/2026-11-26-0001-english-content.ts";
import * as quoteItems from "./migrations/2026-11-26-0002-quote-items.ts";
import * as loginClients from "./migrations/2026-11-26-0003-login-clients.ts";
import * as specifications from "./migrations/2026-11-26-0004-specifications.ts";
import * as searchMisses from "./migrations/2026-11-26-0005-search-misses.ts";
import * as filterKeys from "./migrations/2026-11-27-0001-filter-keys.ts";
import * as editVersions from "./migrations/2026-11-27-0002-edit-versions.ts";
import * as bookings from "./migrations/2026-11-28-0001-bookings.ts";
import * as activityLog from "./migrations/2026-11-28-0002-activity-log.ts";
import * as trash from "./migrations/2026-11-28-0003-trash.ts";
import * as revisions from "./migrations/2026-11-28-0004-revisions.ts";
import * as backupRuns from "./migrations/2026-11-29-0001-backup-runs.ts";
import * as alerts from "./migrations/2026-11-29-0002-alerts.ts";
import * as machinePrices from "./migrations/2026-11-29-0003-machine-prices.ts";
import * as instances from "./migrations/2026-11-29-0004-instances.ts";
import * as teamAccounts from "./migrations/2026-11-29-0005-team-accounts.ts";
import * as secondFactor from "./migrations/2026-11-29-0006-second-factor.ts";
import * as offers from "./migrations/2026-11-29-0007-offers.ts";
import * as offerSending from "./migrations/2026-11-29-0008-offer-sending.ts";
import * as quoteUnits from "./migrations/2026-11-29-0009-quote-units.ts";
import * as offerDemand from "./migrations/2026-11-29-0011-offer-demand.ts";
import * as offerErasure from "./migrations/2026-11-29-0012-offer-erasure.ts";
import type { Database } from "./schema.ts";

/** Listed in code, not read from disk: the set is the code's, whatever the working directory. */
const migrations: Record<string, Migration> = {
  "2026-11-21-0001-initial": initial,
  "2026-11-23-0001-contact-leads": contactLeads,
  "2026-11-23-0002-mail-outbox-one-time": mailOutboxOneTime,
  "2026-11-23-0003-contact-verified": contactVerified,
  "2026-11-23-0004-contact-search": contactSearch,
  "2026-11-26-0001-english-content": englishContent,
  "2026-11-26-0002-quote-items": quoteItems,
  "2026-11-26-0003-login-clients": loginClients,
  "2026-11-26-0004-specifications": specifications,
  "2026-11-26-0005-search-misses": searchMisses,
  "2026-11-27-0001-filter-keys": filterKeys,
  "2026-11-27-0002-edit-versions": editVersions,
  "2026-11-28-0001-bookings": bookings,
  "2026-11-28-0002-activity-log": activityLog,
  "2026-11-28-0003-trash": trash,
  "2026-11-28-0004-revisions": revisions,
  "2026-11-29-0001-backup-runs": backupRuns,
  "2026-11-29-0002-alerts": alerts,
  "2026-11-29-0003-machine-prices": machinePrices,
  "2026-11-29-0004-instances": instances,
  "2026-11-29-0005-team-accounts": teamAccounts,
  "2026-11-29-0006-second-factor": secondFactor,
  "2026-11-29-0007-offers": offers,
  "2026-11-29-0008-offer-sending": offerSending,
  "2026-11-29-0009-quote-units": quoteUnits,
  "2026-11-29-0011-offer-demand": offerDemand,
  "2026-11-29-0012-offer-erasure": offerErasure,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const { error, results = [] } = await migrateExclusively(db);
  const failed = results.find((result) => result.status === "Error");
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : "";
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
  return results.map((result) => result.migrationName);
}

/**
 * On PostgreSQL, Kysely's migrator locks its own table, so instances starting together migrate one
 * after the other. On SQLite it takes no lock and runs no transaction, so two processes opening one
 * new file would both create the tables: there the whole run is one `begin immediate` transaction,
 * which makes the second process wait (busy_timeout) and then find the schema up to date.
 */
async function migrateExclusively(db: Kysely<Database>): Promise<MigrationResultSet> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return new Migrator({ db, provider }).migrateToLatest();
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    const outcome = await new Migrator({ db: connection, provider }).migrateToLatest();
    await sql.raw(outcome.error ? "rollback" : "commit").execute(connection);
    return outcome;
  });
}

/** The migrations the database has run (oldest first) and those of this code it has not run. */
export async function migrationState(db: Kysely<Database>): Promise<{ applied: string[]; pending: string[] }> {
  const known = await new Migrator({ db, provider }).getMigrations();
  return {
    applied: known.filter((migration) => migration.executedAt).map((migration) => migration.name),
    pending: known.filter((migration) => !migration.executedAt).map((migration) => migration.name),
  };
}

/** Brings the schema to the state after `name` (a restore fills the schema its backup was made in). */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<void> {
  if (!(name in migrations))
    throw new Error(`Unknown migration ${name}: the backup comes from a newer version of utilaje.`);
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw new Error(`Database migration to ${name} failed: ${String(error)}`, { cause: error });
}
