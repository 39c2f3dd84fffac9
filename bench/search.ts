import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { openDatabase } from "../server/db/database.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { createLogger } from "../server/core/logger.ts";
import { createSearchLimits } from "../server/search/rate-limits.ts";
import {
  createCatalogueSearch,
  type CatalogueSearch,
  type SearchDependencies,
} from "../server/search/search-service.ts";
import { envNumber, runBench } from "./lib/bench-main.ts";
import { createLargeCatalogue } from "./lib/large-catalogue.ts";
import { round, writeResults } from "./lib/results.ts";

/**
 * The search's budgets (decision 060), in the server's own code on a catalogue of `BENCH_PRODUCTS`
 * (10 000) machines in 20 categories (SQLite; bench/lib/large-catalogue.ts): the p99 of a query
 * over a mix of the visitors' kinds of queries (models, prefixes, typos, English kinds, figures with
 * units, nothing found) < 5 ms; the index's memory (heap after a full GC, with the index against
 * without it) < 30 MB; a renewal (the catalogue read and the index built, as a new catalogue
 * version starts it) < 1 s, during which the event loop is never held more than 50 ms at a time
 * (the longest delay of a 1 ms timer, perf_hooks' monitorEventLoopDelay).
 *
 * `--baseline DIR`: the same figures, in the same run and on the same database, of the search of
 * another checkout (its server/search/search-service.ts, run from its sources): renewals and query
 * rounds alternate between the two.
 */

const QUERIES = [
  "komatsu",
  "kom",
  "cilindru",
  "excavatr",
  "kx057",
  "pc 210",
  "road roller",
  "buldo",
  "nacela 20 m",
  "5 t",
  "sapatura",
  "placa compactoare",
  "macara",
  "cat 320",
  "stivuitor electric",
  "genie",
  "bomag bw",
  "excavator 22 t",
  "wacker",
  "incarcator",
];

/** Renewals measured per search (the figures are the worst of them). */
const RENEWALS = 3;
/** Query rounds per search, alternating with the other search's. */
const ROUNDS = 10;

interface Measured {
  indexMb: number;
  renewalMs: number[];
  longestBlockMs: number[];
  times: number[];
  search: CatalogueSearch;
  version: { value: number };
}

await runBench(async (cleanup) => {
  const { values } = parseArgs({ options: { baseline: { type: "string" } } });
  const products = envNumber("BENCH_PRODUCTS", 10_000);
  const measured = envNumber("BENCH_QUERIES", 20_000);
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const database = openDatabase({ dataDir: cleanup.tempDir("utilaje-bench-search-") });
  cleanup.add(() => database.close());
  const { db } = database;
  await migrateToLatest(db);
  console.log(`search: creating ${products} machines…`);
  await createLargeCatalogue(db, { products, categories: 20 });

  const makers: [label: string, make: (dependencies: SearchDependencies) => CatalogueSearch][] = [
    ["current", createCatalogueSearch],
  ];
  if (values.baseline) {
    const other = (await import(path.resolve(values.baseline, "server/search/search-service.ts"))) as {
      createCatalogueSearch: typeof createCatalogueSearch;
    };
    makers.push(["baseline", other.createCatalogueSearch]);
  }

  // Memory: the heap after a full GC with the search's first index held, against the heap before the search was made.
  const searches: Measured[] = [];
  for (const [, make] of makers) {
    const version = { value: 1 };
    gc();
    const before = process.memoryUsage().heapUsed;
    const search = make({
      db,
      logger: createLogger("silent"),
      catalogueVersion: { current: async () => version.value },
      rateLimits: createSearchLimits({ RATE_LIMIT_WINDOW: 900 }),
    });
    await search.renewed();
    gc();
    searches.push({
      indexMb: (process.memoryUsage().heapUsed - before) / 2 ** 20,
      renewalMs: [],
      longestBlockMs: [],
      times: [],
      search,
      version,
    });
  }

  // Renewal, as the service does it on a new catalogue version, with the event loop watched; the searches take turns.
  for (let renewal = 0; renewal < RENEWALS; renewal++) {
    for (const measuredSearch of searches) {
      measuredSearch.version.value += 1;
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      const started = performance.now();
      // The first search of a new version starts the build; the old index answers meanwhile.
      await measuredSearch.search.find("komatsu", 8);
      await measuredSearch.search.renewed();
      measuredSearch.renewalMs.push(performance.now() - started);
      delay.disable();
      measuredSearch.longestBlockMs.push(delay.max / 1e6);
    }
  }

  // Queries through the service, as the suggestions call makes them: a warm-up round, then `measured` timed ones in
  // rounds that alternate.
  for (const { search } of searches) for (const query of QUERIES) await search.find(query, 8);
  for (let round = 0; round < ROUNDS; round++) {
    for (const { search, times } of round % 2 === 0 ? searches : [...searches].reverse()) {
      for (let index = 0; index < measured / ROUNDS; index += 1) {
        const started = performance.now();
        await search.find(QUERIES[index % QUERIES.length], 8);
        times.push(performance.now() - started);
      }
    }
  }

  const summaries = await Promise.all(
    searches.map(async ({ indexMb, renewalMs, longestBlockMs, times, search }) => {
      times.sort((a, b) => a - b);
      const found = (
        await Promise.all(QUERIES.map(async (query) => `${query}: ${(await search.find(query, 48)).length}`))
      ).join(", ");
      return {
        p99: times[Math.floor(times.length * 0.99)],
        median: times[Math.floor(times.length / 2)],
        indexMb,
        renewalMs,
        longestBlockMs,
        found,
        queries: times.length,
      };
    }),
  );
  const [current, baseline] = summaries;
  /** The baseline's figure beside the current one, when it was measured. */
  const versus = (figure: (summary: (typeof summaries)[number]) => number, unit: string) =>
    baseline ? `; baseline ${round(figure(baseline))} ${unit}` : "";
  const worst = (list: number[]) => Math.max(...list);
  return writeResults("search", [
    {
      name: `query p99 at ${products} machines`,
      value: current.p99,
      unit: "ms",
      budget: 5,
      kind: "below",
      details: `${current.queries} queries of ${QUERIES.length} kinds; median ${round(current.median)} ms${baseline ? `; baseline p99 ${round(baseline.p99)} ms, median ${round(baseline.median)} ms` : ""}; found ${current.found}`,
    },
    {
      name: "index memory",
      value: current.indexMb,
      unit: "MB",
      budget: 30,
      kind: "below",
      details: `heap after a full GC with the search's index held, less the heap before the search was made${versus((summary) => summary.indexMb, "MB")}`,
    },
    {
      name: "renewal",
      value: worst(current.renewalMs),
      unit: "ms",
      budget: 1000,
      kind: "below",
      details: `the slowest of ${RENEWALS} (${current.renewalMs.map(round).join(", ")} ms): a new catalogue version, the catalogue read (SQLite) and the index built${versus((summary) => worst(summary.renewalMs), "ms")}`,
    },
    {
      name: "longest block during a renewal",
      value: worst(current.longestBlockMs),
      unit: "ms",
      budget: 50,
      kind: "below",
      details: `the longest delay of a 1 ms timer over ${RENEWALS} renewals (${current.longestBlockMs.map(round).join(", ")} ms)${versus((summary) => worst(summary.longestBlockMs), "ms")}`,
    },
  ]);
});
