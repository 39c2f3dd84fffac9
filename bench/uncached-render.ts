import { cpSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type * as DatabaseModule from "../server/db/database.ts";
import type * as MigrateModule from "../server/db/migrate.ts";
import { envNumber, runBench } from "./lib/bench-main.ts";
import type * as LargeCatalogueModule from "./lib/large-catalogue.ts";
import { requireProductionBuild, ROOT, startProductionServer, type ServerProcess } from "./lib/production-server.ts";
import { waitForQuietMachine } from "./lib/quiet-machine.ts";
import { round, writeResults, type Figure } from "./lib/results.ts";
import { rotatingRequestsScript } from "./lib/uncached-pages.ts";
import { measureWithWrk } from "./lib/wrk.ts";

/**
 * Uncached product and category pages per second under wrk, this build against another checkout's
 * (`--baseline DIR`), same data, interleaved rounds (decision 054). Every page has one address, so
 * a miss is made the way real traffic makes one: a catalogue with more pages than the page cache
 * keeps (1000; BENCH_PRODUCTS products and BENCH_CATEGORIES categories, both languages), asked in
 * turn, so that the least recently used page, the one asked next, is always gone. Each request is
 * a full render: queries, React, the CSP's hashes, compression.
 *
 *   node bench/uncached-render.ts [--baseline DIR] [--rounds N] [--duration S] [--warmup S] [--only product|category]
 *                                 [--catalogue-per-build] [--pages-budget X] [--p99-budget X]
 *
 * `--catalogue-per-build`: each build's data made by its own checkout's code, for a baseline from
 * before a change of the data (one that cannot read today's database, or whose pages show less of
 * it, as before the typed specifications): the same catalogue, each as its build stores it.
 * BENCH_PRODUCTS 20000 in BENCH_CATEGORIES 100 gives categories of 200 machines, whose pages are
 * too large for the cache's bytes rather than its entries.
 *
 * Budgets (with a baseline): pages per second ≥ 2× the baseline's, p99 ≤ 0.5× the baseline's (the
 * render's own budgets, decision 054); another comparison names its own, as the typed
 * specifications' does against the build before them: `--pages-budget 0.9 --p99-budget none`.
 * BENCH_CPU_PROF=1 makes each server write a CPU profile (bench/results/profiles).
 */

const flags = parseArgs({
  options: {
    baseline: { type: "string" },
    rounds: { type: "string", default: "2" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    only: { type: "string" },
    "catalogue-per-build": { type: "boolean", default: false },
    "pages-budget": { type: "string", default: "2" },
    "p99-budget": { type: "string", default: "0.5" },
  },
}).values;
const KINDS: readonly Kind[] =
  flags.only === "product" || flags.only === "category" ? [flags.only] : ["product", "category"];
/** A 200-machine category page takes a tenth of a second: 16 of them queued pass wrk's default 2 s timeout. */
const WRK = { threads: 2, connections: 16, timeout: 10 };
const ACCEPT = { "Accept-Encoding": "br, gzip" };
/** The page cache's bounds (server/pages/page-cache.ts): the pages asked must pass one of them. */
const PAGE_CACHE = { entries: 1000, bytes: 16 * 1024 * 1024 };

type Kind = "product" | "category";
interface Run {
  pagesPerSecond: number;
  p99: number;
  cpuMsPerPage: number | undefined;
}

await runBench(async (cleanup) => {
  requireProductionBuild();
  const builds: [name: string, root: string][] = [["current", ROOT]];
  if (flags.baseline) {
    requireProductionBuild(path.resolve(flags.baseline));
    builds.push(["baseline", path.resolve(flags.baseline)]);
  }
  const size = { products: envNumber("BENCH_PRODUCTS", 4000), categories: envNumber("BENCH_CATEGORIES", 520) };
  // Each build on its own copy of the same data, both running; measured in turn.
  const made = new Map<string, { dataDir: string; pages: Record<Kind, string[]> }>();
  for (const [name, root] of builds) {
    const own = flags["catalogue-per-build"] || made.size === 0;
    const dataDir = cleanup.tempDir(`utilaje-bench-uncached-${name}-`);
    if (own) {
      made.set(name, {
        dataDir,
        pages: await makeCatalogue(flags["catalogue-per-build"] ? root : ROOT, dataDir, size),
      });
    } else {
      const first = [...made.values()][0];
      cpSync(first.dataDir, dataDir, { recursive: true });
      made.set(name, { dataDir, pages: first.pages });
    }
  }
  const servers = new Map<string, { server: ServerProcess; script: Record<Kind, string> }>();
  for (const [name, root] of builds) {
    const data = made.get(name);
    if (!data) continue;
    const server = await startProductionServer(cleanup, { dataDir: data.dataDir, seedDemo: false, root });
    const script: Record<Kind, string> = { product: "", category: "" };
    for (const kind of KINDS) {
      const bothLanguages = data.pages[kind].flatMap((page) => [page, `${page}?lang=en`]);
      await requireMisses(server.url, bothLanguages, `${name}'s ${kind} pages`);
      script[kind] = rotatingRequestsScript(cleanup.tempDir("utilaje-wrk-"), bothLanguages, ACCEPT);
    }
    servers.set(name, { server, script });
  }
  const rounds = Number(flags.rounds);
  const runs = new Map<string, Run[]>();
  const loads: number[] = [];
  for (let round_ = 0; round_ < rounds; round_++) {
    const order = round_ % 2 === 0 ? builds : [...builds].reverse();
    for (const kind of KINDS) {
      for (const [name] of order) {
        const running = servers.get(name);
        if (!running) continue;
        const { server, script } = running;
        const load = await waitForQuietMachine();
        if (load !== undefined) loads.push(load);
        const result = await measureWithWrk(server.url, server.pid, {
          ...WRK,
          warmup: Number(flags.warmup),
          duration: Number(flags.duration),
          headers: ACCEPT,
          script: script[kind],
        });
        const run = {
          pagesPerSecond: result.requestsPerSecond,
          p99: result.latencyP99,
          cpuMsPerPage: result.cpuSeconds === undefined ? undefined : (result.cpuSeconds * 1000) / result.requests,
        };
        console.log(
          `uncached-render: round ${round_ + 1}, ${name}, ${kind} pages: ${round(run.pagesPerSecond)} pages/s, p99 ${round(run.p99)} ms, CPU ${run.cpuMsPerPage === undefined ? "?" : round(run.cpuMsPerPage)} ms per page`,
        );
        const key = `${name}|${kind}`;
        runs.set(key, [...(runs.get(key) ?? []), run]);
      }
    }
  }
  const p99Budget = flags["p99-budget"] === "none" ? undefined : Number(flags["p99-budget"]);
  return writeResults(
    "uncached-render",
    figures(runs, builds.length > 1, size, rounds, loads, { pages: Number(flags["pages-budget"]), p99: p99Budget }),
  );
});

/** A migrated database in `dataDir` holding the large catalogue, made by the code of the checkout at `root`. */
async function makeCatalogue(
  root: string,
  dataDir: string,
  size: { products: number; categories: number },
): Promise<Record<Kind, string[]>> {
  const load = <T>(file: string) => import(pathToFileURL(path.join(root, file)).href) as Promise<T>;
  const { openDatabase } = await load<typeof DatabaseModule>("server/db/database.ts");
  const { migrateToLatest } = await load<typeof MigrateModule>("server/db/migrate.ts");
  const { createLargeCatalogue } = await load<typeof LargeCatalogueModule>("bench/lib/large-catalogue.ts");
  const database = openDatabase({ dataDir });
  try {
    await migrateToLatest(database.db);
    const catalogue: { productPaths: string[]; categoryPaths?: string[] } = await createLargeCatalogue(
      database.db,
      size,
    );
    // A checkout from before the bench measured category pages names only the products: their categories' pages are the
    // rest of their paths.
    const categoryPaths = catalogue.categoryPaths ?? [
      ...new Set(catalogue.productPaths.map((product) => product.slice(0, product.indexOf("/utilaj/")))),
    ];
    return { product: catalogue.productPaths, category: categoryPaths };
  } finally {
    await database.close();
  }
}

/**
 * Fails unless asking for `pages` in turn misses the page cache every time: more pages than its
 * entries, or more than its bytes can hold at the first page's size (its bytes as they are, which
 * the cache keeps beside their coding).
 */
async function requireMisses(siteUrl: string, pages: readonly string[], what: string): Promise<void> {
  if (pages.length > PAGE_CACHE.entries) return;
  const reply = await fetch(`${siteUrl}${pages[0]}`);
  if (reply.status !== 200) throw new Error(`${pages[0]} answered ${reply.status}`);
  const pageBytes = (await reply.arrayBuffer()).byteLength;
  if (pages.length * pageBytes <= PAGE_CACHE.bytes) {
    throw new Error(
      `${pages.length} ${what} of ${pageBytes} bytes fit in the page cache (${PAGE_CACHE.entries} entries, ${PAGE_CACHE.bytes} bytes): every one would be a hit`,
    );
  }
}

function figures(
  runs: Map<string, Run[]>,
  withBaseline: boolean,
  size: { products: number; categories: number },
  rounds: number,
  loads: number[],
  budgets: { pages: number; p99: number | undefined },
): Figure[] {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const of = (name: string, kind: Kind, pick: (run: Run) => number | undefined) =>
    mean((runs.get(`${name}|${kind}`) ?? []).map(pick).filter((value) => value !== undefined));
  const setting = `${size.products} products in ${size.categories} categories, both languages in turn, wrk -t${WRK.threads} -c${WRK.connections}, ${rounds} interleaved round(s); load average before each run ${loads.map(round).join(", ") || "?"}`;
  const result: Figure[] = [];
  for (const kind of KINDS) {
    const current = `${round(of("current", kind, (run) => run.pagesPerSecond))} pages/s, p99 ${round(of("current", kind, (run) => run.p99))} ms, CPU ${round(of("current", kind, (run) => run.cpuMsPerPage))} ms per page`;
    if (!withBaseline) {
      result.push({
        name: `uncached ${kind} pages per second`,
        value: round(of("current", kind, (run) => run.pagesPerSecond)),
        unit: "pages/s",
        budget: 0,
        kind: "at-least",
        details: `${current}; ${setting}`,
      });
      continue;
    }
    const baseline = `${round(of("baseline", kind, (run) => run.pagesPerSecond))} pages/s, p99 ${round(of("baseline", kind, (run) => run.p99))} ms, CPU ${round(of("baseline", kind, (run) => run.cpuMsPerPage))} ms per page`;
    const details = `current ${current}; baseline ${baseline}; ${setting}`;
    result.push({
      name: `uncached ${kind} pages per second, current ÷ baseline`,
      value: round(
        of("current", kind, (run) => run.pagesPerSecond) / of("baseline", kind, (run) => run.pagesPerSecond),
      ),
      unit: "×",
      budget: budgets.pages,
      kind: "at-least",
      details,
    });
    if (budgets.p99 === undefined) continue;
    result.push({
      name: `uncached ${kind} page p99, current ÷ baseline`,
      value: round(of("current", kind, (run) => run.p99) / of("baseline", kind, (run) => run.p99)),
      unit: "×",
      budget: budgets.p99,
      kind: "at-most",
      details,
    });
  }
  return result;
}
