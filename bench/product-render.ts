import { openDatabase } from "../server/db/database.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { Cleanup, envNumber, runBench } from "./lib/bench-main.ts";
import { cpuSeconds } from "./lib/cpu-time.ts";
import { createLargeCatalogue } from "./lib/large-catalogue.ts";
import { requireProductionBuild, startProductionServer } from "./lib/production-server.ts";
import { round, writeResults, type Figure } from "./lib/results.ts";
import { createTempPostgresDatabase } from "./lib/temp-database.ts";

/**
 * DESIGN.md § Budgets: "uncached product page render p99 < 50 ms at 10 000 products". A temporary
 * database (SQLite; PostgreSQL too when BENCH_DATABASE_URL names a server) gets 10 000 products over
 * 20 categories, with English texts; the production server then answers distinct product pages one
 * after the other, every other one in English (`?lang=en`). The page cache is keyed by path
 * (server/pages/ssr.ts), so each of them is a miss: a full render with its queries. The first requests
 * (other products) only warm the process up and are not counted. Beside the p99, the English pages
 * per second against the Romanian ones (an English page must render no slower: ≥ 0.95).
 */

const BUDGET_MS = 50;
const EN_RO_BUDGET = 0.95;

await runBench(async (cleanup) => {
  requireProductionBuild();
  const size = { products: envNumber("BENCH_PRODUCTS", 10_000), categories: envNumber("BENCH_CATEGORIES", 20) };
  const requests = { warmup: envNumber("BENCH_WARMUP_REQUESTS", 200), measured: envNumber("BENCH_REQUESTS", 2000) };
  if (requests.warmup + requests.measured > size.products)
    throw new Error(
      "BENCH_WARMUP_REQUESTS + BENCH_REQUESTS exceed BENCH_PRODUCTS: every request must be a distinct product",
    );
  const figures = await measureOn(cleanup, "sqlite", undefined, size, requests);
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl) figures.push(...(await measureOn(cleanup, "postgres", adminUrl, size, requests)));
  else
    console.log(
      "product-render: PostgreSQL skipped (set BENCH_DATABASE_URL to a server where the role may create databases)",
    );
  return writeResults("product-render", figures);
});

/** One database's figure; its server and database are gone before the next one starts. */
async function measureOn(
  cleanup: Cleanup,
  label: string,
  adminUrl: string | undefined,
  size: { products: number; categories: number },
  requests: { warmup: number; measured: number },
): Promise<Figure[]> {
  const scope = new Cleanup();
  cleanup.add(() => scope.run());
  try {
    return await measure(scope, label, adminUrl, size, requests);
  } finally {
    await scope.run();
  }
}

async function measure(
  cleanup: Cleanup,
  label: string,
  adminUrl: string | undefined,
  size: { products: number; categories: number },
  requests: { warmup: number; measured: number },
): Promise<Figure[]> {
  const dataDir = cleanup.tempDir("utilaje-bench-render-");
  const databaseUrl = adminUrl ? await createTempPostgresDatabase(cleanup, adminUrl) : undefined;
  console.log(`product-render (${label}): creating ${size.products} products in ${size.categories} categories…`);
  const started = performance.now();
  const database = openDatabase({ databaseUrl, dataDir });
  let paths: string[];
  try {
    await migrateToLatest(database.db);
    paths = (await createLargeCatalogue(database.db, size)).productPaths;
  } finally {
    await database.close();
  }
  const creationSeconds = (performance.now() - started) / 1000;
  console.log(`product-render (${label}): created in ${round(creationSeconds)} s; starting the production server`);

  const server = await startProductionServer(cleanup, { dataDir, databaseUrl, seedDemo: false });
  const sample = shuffled(paths).slice(0, requests.warmup + requests.measured);
  for (const path of sample.slice(0, requests.warmup)) await timedGet(server.url, path);
  const latencies: number[] = [];
  const byLanguage = { ro: [] as number[], en: [] as number[] };
  const cpuBefore = cpuSeconds(server.pid);
  for (const [index, path] of sample.slice(requests.warmup).entries()) {
    const language = index % 2 === 0 ? "ro" : "en";
    const latency = await timedGet(server.url, language === "en" ? `${path}?lang=en` : path);
    latencies.push(latency);
    byLanguage[language].push(latency);
  }
  const cpuAfter = cpuSeconds(server.pid);
  // What the server spent working per page, against the latencies: on a busy machine the tail is waiting.
  const cpu =
    cpuBefore !== undefined && cpuAfter !== undefined
      ? `; server CPU ${round(((cpuAfter - cpuBefore) * 1000) / latencies.length)} ms per page`
      : "";
  latencies.sort((a, b) => a - b);
  const [p50, p90, p99] = [0.5, 0.9, 0.99].map((q) => latencies[Math.ceil(q * latencies.length) - 1]);
  const max = latencies[latencies.length - 1];
  const stats = `p50 ${round(p50)} ms, p90 ${round(p90)} ms, p99 ${round(p99)} ms, max ${round(max)} ms${cpu}`;
  console.log(`product-render (${label}): ${stats} over ${latencies.length} distinct products`);
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  // Pages per second of each language is 1000 / its mean latency: the ratio of the means, inverted.
  const enPerRo = mean(byLanguage.ro) / mean(byLanguage.en);
  return [
    {
      name: `uncached product page p99, ${size.products} products, ${label}`,
      value: p99,
      unit: "ms",
      budget: BUDGET_MS,
      kind: "below",
      details: `${stats}; ${latencies.length} distinct pages in sequence after ${requests.warmup} warm-up ones; data created in ${round(creationSeconds)} s`,
    },
    {
      name: `uncached product pages per second, English ÷ Romanian, ${label}`,
      value: round(enPerRo),
      unit: "×",
      budget: EN_RO_BUDGET,
      kind: "at-least",
      details: `mean ${round(mean(byLanguage.ro))} ms Romanian, ${round(mean(byLanguage.en))} ms English, ${byLanguage.ro.length} pages each, alternating`,
    },
  ];
}

/** Milliseconds from sending the request to having read the whole page; anything but a 200 page fails. */
async function timedGet(base: string, path: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`);
  const html = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200 || !html.includes("<h1"))
    throw new Error(`${path} answered ${response.status}, not a product page`);
  return elapsed;
}

/** The same order on every run (a fixed-seed shuffle), so that runs compare the same pages. */
function shuffled<T>(items: readonly T[]): T[] {
  const result = [...items];
  let seed = 0x9e3779b9;
  const random = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  for (let index = result.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [result[index], result[other]] = [result[other], result[index]];
  }
  return result;
}
