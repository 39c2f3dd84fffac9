import { cpSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../server/db/database.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { envNumber, runBench } from "./lib/bench-main.ts";
import { createLargeCatalogue } from "./lib/large-catalogue.ts";
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
 *
 * Budgets (with a baseline): pages per second ≥ 2× the baseline's, p99 ≤ 0.5× the baseline's.
 * BENCH_CPU_PROF=1 makes each server write a CPU profile (bench/results/profiles).
 */

const flags = parseArgs({
  options: {
    baseline: { type: "string" },
    rounds: { type: "string", default: "2" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    only: { type: "string" },
  },
}).values;
const KINDS: readonly Kind[] = flags.only === "product" || flags.only === "category" ? [flags.only] : ["product", "category"];
const WRK = { threads: 2, connections: 16 };
const ACCEPT = { "Accept-Encoding": "br, gzip" };
/** More distinct pages than the page cache's entries (server/pages/page-cache.ts). */
const PAGE_CACHE_ENTRIES = 1000;

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
  const dataDir = cleanup.tempDir("utilaje-bench-uncached-");
  const database = openDatabase({ dataDir });
  let pages: Record<Kind, string[]>;
  try {
    await migrateToLatest(database.db);
    const catalogue = await createLargeCatalogue(database.db, size);
    pages = { product: catalogue.productPaths, category: catalogue.categoryPaths };
  } finally {
    await database.close();
  }
  const script: Record<Kind, string> = { product: "", category: "" };
  for (const kind of ["product", "category"] as const) {
    const bothLanguages = pages[kind].flatMap((page) => [page, `${page}?lang=en`]);
    if (bothLanguages.length <= PAGE_CACHE_ENTRIES) throw new Error(`${bothLanguages.length} ${kind} pages fit in the page cache: every one would be a hit`);
    script[kind] = rotatingRequestsScript(cleanup.tempDir("utilaje-wrk-"), bothLanguages, ACCEPT);
  }

  // Each build on its own copy of the same data, both running; measured in turn.
  const servers = new Map<string, ServerProcess>();
  for (const [name, root] of builds) {
    const copy = cleanup.tempDir(`utilaje-bench-uncached-${name}-`);
    cpSync(dataDir, copy, { recursive: true });
    servers.set(name, await startProductionServer(cleanup, { dataDir: copy, seedDemo: false, root }));
  }
  const rounds = Number(flags.rounds);
  const runs = new Map<string, Run[]>();
  const loads: number[] = [];
  for (let round_ = 0; round_ < rounds; round_++) {
    const order = round_ % 2 === 0 ? builds : [...builds].reverse();
    for (const kind of KINDS) {
      for (const [name] of order) {
        const server = servers.get(name);
        if (!server) continue;
        const load = await waitForQuietMachine();
        if (load !== undefined) loads.push(load);
        const result = await measureWithWrk(server.url, server.pid, { ...WRK, warmup: Number(flags.warmup), duration: Number(flags.duration), headers: ACCEPT, script: script[kind] });
        const run = {
          pagesPerSecond: result.requestsPerSecond,
          p99: result.latencyP99,
          cpuMsPerPage: result.cpuSeconds === undefined ? undefined : (result.cpuSeconds * 1000) / result.requests,
        };
        console.log(`uncached-render: round ${round_ + 1}, ${name}, ${kind} pages: ${round(run.pagesPerSecond)} pages/s, p99 ${round(run.p99)} ms, CPU ${run.cpuMsPerPage === undefined ? "?" : round(run.cpuMsPerPage)} ms per page`);
        const key = `${name}|${kind}`;
        runs.set(key, [...(runs.get(key) ?? []), run]);
      }
    }
  }
  return writeResults("uncached-render", figures(runs, builds.length > 1, size, rounds, loads));
});

function figures(runs: Map<string, Run[]>, withBaseline: boolean, size: { products: number; categories: number }, rounds: number, loads: number[]): Figure[] {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const of = (name: string, kind: Kind, pick: (run: Run) => number | undefined) => mean((runs.get(`${name}|${kind}`) ?? []).map(pick).filter((value) => value !== undefined));
  const setting = `${size.products} products in ${size.categories} categories, both languages in turn, wrk -t${WRK.threads} -c${WRK.connections}, ${rounds} interleaved round(s); load average before each run ${loads.map(round).join(", ") || "?"}`;
  const result: Figure[] = [];
  for (const kind of KINDS) {
    const current = `${round(of("current", kind, (run) => run.pagesPerSecond))} pages/s, p99 ${round(of("current", kind, (run) => run.p99))} ms, CPU ${round(of("current", kind, (run) => run.cpuMsPerPage))} ms per page`;
    if (!withBaseline) {
      result.push({ name: `uncached ${kind} pages per second`, value: round(of("current", kind, (run) => run.pagesPerSecond)), unit: "pages/s", budget: 0, kind: "at-least", details: `${current}; ${setting}` });
      continue;
    }
    const baseline = `${round(of("baseline", kind, (run) => run.pagesPerSecond))} pages/s, p99 ${round(of("baseline", kind, (run) => run.p99))} ms, CPU ${round(of("baseline", kind, (run) => run.cpuMsPerPage))} ms per page`;
    const details = `current ${current}; baseline ${baseline}; ${setting}`;
    result.push(
      {
        name: `uncached ${kind} pages per second, current ÷ baseline`,
        value: round(of("current", kind, (run) => run.pagesPerSecond) / of("baseline", kind, (run) => run.pagesPerSecond)),
        unit: "×",
        budget: 2,
        kind: "at-least",
        details,
      },
      {
        name: `uncached ${kind} page p99, current ÷ baseline`,
        value: round(of("current", kind, (run) => run.p99) / of("baseline", kind, (run) => run.p99)),
        unit: "×",
        budget: 0.5,
        kind: "at-most",
        details,
      },
    );
  }
  return result;
}

