import type { Kysely, Transaction } from "kysely";
import { bumpCatalogueVersion } from "../db/repositories/app-state.ts";
import type { Database } from "../db/schema.ts";

/** Whoever writes a back-office change: its database, and this instance's cached catalogue version. */
export interface BackOfficeWriter {
  db: Kysely<Database>;
  /**
   * Absent where no page is served from this process (the seed before the server starts, test
   * fixtures, benchmarks).
   */
  catalogueVersion?: { invalidate(): void };
}

/**
 * The one back-office write, for every writer (API routes, route actions, the seed, the import, the
 * trash, the bookings): `write` runs in one transaction with the catalogue version's bump, so pages
 * and ETags go stale exactly when the change commits, on every instance sharing the database. The
 * bump comes first: it takes the write lock, so concurrent writes queue there rather than meeting
 * half-way. After the commit this instance's cached version is dropped, so its next page shows the
 * change (other instances follow within the cache's 250 ms,
 * docs/decisions/010-the-page-cache-reads-the-catalogue-version-at.md). A throw in `write` rolls back
 * both the change and the bump, and nothing is invalidated.
 */
export async function writeAndRenewPages<T>(
  writer: BackOfficeWriter,
  write: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const result = await writer.db.transaction().execute(async (trx) => {
    await bumpCatalogueVersion(trx);
    return write(trx);
  });
  writer.catalogueVersion?.invalidate();
  return result;
}
