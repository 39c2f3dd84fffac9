import type { Kysely, Transaction } from "kysely";
import { bumpCatalogueVersion } from "../db/repositories/app-state.ts";
import type { Database } from "../db/schema.ts";
import type { CatalogueVersionCache } from "./catalogue-version-cache.ts";

/** Whoever changes the catalogue: its database, and this instance's cached catalogue version. */
export interface CatalogueWriter {
  db: Kysely<Database>;
  /**
   * Absent where no page is served from this process (the seed before the server starts, test
   * fixtures, benchmarks).
   */
  catalogueVersion?: Pick<CatalogueVersionCache, "invalidate">;
}

/**
 * The one "catalogue changed" call, for every writer (API routes, route actions, the seed): `write`
 * runs in one transaction with the catalogue version's bump, so pages and ETags go stale exactly
 * when the change commits, on every instance sharing the database. The bump comes first: it takes
 * the write lock, so concurrent catalogue writes queue there rather than meeting half-way. After the
 * commit this instance's cached version is dropped, so its next page shows the change (other
 * instances follow within the cache's 250 ms, docs/decisions/010-the-page-cache-reads-the-catalogue-version-at.md). A
 * throw in `write` rolls back both the change and the bump, and nothing is invalidated.
 */
export async function changeCatalogue<T>(
  writer: CatalogueWriter,
  write: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const result = await writer.db.transaction().execute(async (trx) => {
    await bumpCatalogueVersion(trx);
    return write(trx);
  });
  writer.catalogueVersion?.invalidate();
  return result;
}
