import type { Kysely } from "kysely";
import { normalizedQuery } from "../../common/search/search-query.ts";
import { SEARCH_MISS_DAYS, SEARCH_MISS_LIST_MAX } from "../../common/search/search-schemas.ts";
import { addDays, romanianDay } from "../../common/days/romanian-day.ts";
import { allCategories, searchableProducts } from "../catalogue/read.ts";
import type { CatalogueVersionCache } from "../catalogue/catalogue-version-cache.ts";
import type { Logger } from "../core/logger.ts";
import { recordSearchMiss, searchMissesSince, type SearchMissRow } from "../db/repositories/search-misses.ts";
import type { Database } from "../db/schema.ts";
import { SEARCH_MISS_TEXTS_PER_DAY, type SearchLimits } from "./rate-limits.ts";
import { holdsPersonalData } from "./personal-data.ts";
import { nextTurn, SearchIndexBuilder, type SearchHit, type SearchIndex } from "./search-index.ts";

/**
 * Machines read and indexed per turn of the event loop: on SQLite a read holds the process (its
 * driver is synchronous), so the catalogue comes in pages by uuid, each with its typed values.
 */
const READ_PAGE = 200;

/**
 * The catalogue's index, read a page at a time with a turn of the event loop between pages, so that
 * requests are served meanwhile.
 */
async function readIndex(db: Kysely<Database>): Promise<SearchIndex> {
  const categories = await allCategories(db);
  const builder = new SearchIndexBuilder(categories);
  for (let after: string | null = null; ;) {
    await nextTurn();
    const page = await searchableProducts(db, categories, after, READ_PAGE);
    builder.add(page);
    if (page.length < READ_PAGE) break;
    after = page[page.length - 1].uuid;
  }
  return builder.finish();
}

/** What the search uses of the server's services (server/services.ts). */
export interface SearchDependencies {
  db: Kysely<Database>;
  logger: Logger;
  catalogueVersion: Pick<CatalogueVersionCache, "current">;
  rateLimits: SearchLimits;
}

export interface CatalogueSearch {
  /** The machines a query finds, best first (search-index.ts). */
  find(query: string, limit: number): Promise<SearchHit[]>;
  /**
   * Resolves once the index of the catalogue's current version is in place (the benches and tests
   * wait for a renewal with it).
   */
  renewed(): Promise<void>;
  /**
   * Logs a search the visitor submitted that found nothing: its folded text only (decision 060),
   * within the address's allowance.
   */
  recordMiss(query: string, clientAddress: string, now?: Date): Promise<void>;
  /**
   * The log for the administrator: the last SEARCH_MISS_DAYS days' searches without results, the
   * most searched first.
   */
  recentMisses(): Promise<SearchMissRow[]>;
  /** Resolves once no index is being built: the server waits for it before it closes the database a build reads. */
  settled(): Promise<void>;
}

/**
 * The index of the catalogue's current version, on every instance: each search asks the catalogue
 * version (cached for 250 ms, server/catalogue/catalogue-version-cache.ts), and a new version starts a build
 * while the index of the previous one goes on answering; the new index replaces it whole once
 * built. Only the first search of a process waits for a build.
 */
export function createCatalogueSearch(dependencies: SearchDependencies): CatalogueSearch {
  const { db, logger, catalogueVersion, rateLimits } = dependencies;
  let held: { version: number; index: SearchIndex } | undefined;
  let building: { version: number; index: Promise<SearchIndex> } | undefined;

  const build = (version: number): Promise<SearchIndex> => {
    const started = performance.now();
    const index = readIndex(db);
    const current = { version, index };
    building = current;
    index
      .then(
        (made) => {
          if (held === undefined || held.version < version) held = { version, index: made };
          logger.debug(
            { version, machines: made.size, ms: Math.round(performance.now() - started) },
            "search index built",
          );
        },
        (error: unknown) => logger.error({ err: error, version }, "search index build failed"),
      )
      .finally(() => {
        if (building === current) building = undefined;
      });
    return index;
  };

  /** `wait`: the current version's index even when it is still being built, rather than the previous one. */
  const indexNow = async (wait: boolean): Promise<SearchIndex> => {
    const version = await catalogueVersion.current();
    if (held?.version === version) return held.index;
    const pending = building?.version === version ? building.index : build(version);
    return wait ? pending : (held?.index ?? pending);
  };

  return {
    find: async (query, limit) => (await indexNow(false)).search(query, limit),
    renewed: async () => void (await indexNow(true)),
    recordMiss: async (query, clientAddress, now = new Date()) => {
      const text = normalizedQuery(query);
      // What the visitor typed about themselves is never kept: the whole search is left out.
      if (text === "" || holdsPersonalData(query) || !rateLimits.searchMisses.take(clientAddress).allowed) return;
      await recordSearchMiss(
        db,
        text,
        romanianDay(now),
        now,
        SEARCH_MISS_TEXTS_PER_DAY,
        () => rateLimits.searchMissTexts.take(clientAddress).allowed,
      );
    },
    recentMisses: () => searchMissesSince(db, addDays(romanianDay(), -(SEARCH_MISS_DAYS - 1)), SEARCH_MISS_LIST_MAX),
    settled: async () => {
      // A build's failure is its own to log (above); a build started meanwhile is waited for too.
      while (building) await building.index.catch(() => undefined);
    },
  };
}
