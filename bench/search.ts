import { monitorEventLoopDelay } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { allCategories, allProducts } from "../server/catalogue/read.ts";
import { openDatabase } from "../server/db/database.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { createLogger } from "../server/core/logger.ts";
import { createSearchLimits } from "../server/search/limits.ts";
import { SearchIndex } from "../server/search/search-index.ts";
import { createCatalogueSearch } from "../server/search/search-service.ts";
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
 */

const QUERIES = [
  "komatsu", "kom", "cilindru", "excavatr", "kx057", "pc 210", "road roller", "buldo", "nacela 20 m", "5 t",
  "sapatura", "placa compactoare", "macara", "cat 320", "stivuitor electric", "genie", "bomag bw", "excavator 22 t", "wacker", "incarcator",
];

await runBench(async (cleanup) => {
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

  // Memory: the heap after a full GC with the index held (and what it keeps of the catalogue), against the heap before it was made.
  gc();
  const before = process.memoryUsage().heapUsed;
  const held = await SearchIndex.build(...(await Promise.all([allCategories(db), allProducts(db)])));
  gc();
  const indexMb = (process.memoryUsage().heapUsed - before) / 2 ** 20;

  // Renewal, as the service does it on a new catalogue version, with the event loop watched.
  let version = 1;
  const search = createCatalogueSearch({ db, logger: createLogger("silent"), catalogueVersion: { current: async () => version }, rateLimits: createSearchLimits({ RATE_LIMIT_WINDOW: 900 }) });
  await search.find("komatsu", 8);
  version = 2;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const renewalStarted = performance.now();
  // The first search of a new version starts the build; the old index answers meanwhile.
  await search.find("komatsu", 8);
  await search.renewed();
  const renewalMs = performance.now() - renewalStarted;
  delay.disable();
  const longestBlockMs = delay.max / 1e6;

  // Queries through the service, as the suggestions call makes them: a warm-up round, then `measured` timed ones.
  for (const query of QUERIES) await search.find(query, 8);
  const times: number[] = [];
  for (let index = 0; index < measured; index += 1) {
    const started = performance.now();
    await search.find(QUERIES[index % QUERIES.length], 8);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p99 = times[Math.floor(times.length * 0.99)];
  const median = times[Math.floor(times.length / 2)];
  const found = (await Promise.all(QUERIES.map(async (query) => `${query}: ${(await search.find(query, 48)).length}`))).join(", ");

  return writeResults("search", [
    { name: `query p99 at ${products} machines`, value: p99, unit: "ms", budget: 5, kind: "below", details: `${measured} queries of ${QUERIES.length} kinds; median ${round(median)} ms; found ${found}` },
    { name: "index memory", value: indexMb, unit: "MB", budget: 30, kind: "below", details: `heap after a full GC with the index of ${held.size} machines held, less the heap before it was made` },
    { name: "renewal", value: renewalMs, unit: "ms", budget: 1000, kind: "below", details: "a new catalogue version: the catalogue read (SQLite) and the index built in slices" },
    { name: "longest block during a renewal", value: longestBlockMs, unit: "ms", budget: 50, kind: "below", details: "the longest delay of a 1 ms timer while the renewal ran" },
  ]);
});

