import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { ConfigurationEntry, ProductView } from "../common/catalogue/catalogue-views.ts";
import { productPath } from "../common/pages/page-urls.ts";
import { specSheetPath } from "../common/catalogue/spec-sheet.ts";
import { adminHeaders } from "./lib/admin-headers.ts";
import { envNumber, runBench } from "./lib/bench-main.ts";
import { processMemory } from "./lib/process-memory.ts";
import { requireProductionBuild, startProductionServer } from "./lib/production-server.ts";
import { waitForQuietMachine } from "./lib/quiet-machine.ts";
import { round, writeResults, type Figure } from "./lib/results.ts";
import { measureWithWrk } from "./lib/wrk.ts";

/**
 * The spec sheets' budgets (decision 059), on the production server with the demo catalogue:
 *
 * - size: the largest sheet of every demo machine in both languages, ≤ 300 KB;
 * - made uncached: each sheet asked once per catalogue version (a configuration write between
 *   rounds renews every cached page and sheet), the first round (the library loaded, the photos'
 *   variants made) left out; p95 < 300 ms;
 * - served from the cache: wrk (`-t2 -c32`) on CAT 320's sheet and on its product page (both
 *   cached), in alternating order A B B A…; sheets per second ÷ pages per second ≥ 0.8;
 * - memory at rest, with `--baseline DIR`: this build's RSS minus the baseline's, each started on its
 *   own new demo data and read after `--settle` idle seconds, before any sheet: ≤ 10 MB.
 *
 *   node bench/spec-sheet.ts [--baseline DIR] [--rounds N] [--settle S]
 */

const { values: flags } = parseArgs({
  options: {
    baseline: { type: "string" },
    rounds: { type: "string", default: "3" },
    settle: { type: "string", default: "5" },
  },
});
const ACCEPT = { "Accept-Encoding": "br, gzip" };
const pause = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

await runBench(async (cleanup) => {
  requireProductionBuild();
  const baselineRoot = flags.baseline ? path.resolve(flags.baseline) : undefined;
  if (baselineRoot) requireProductionBuild(baselineRoot);
  const password = "spec-sheet-bench-1";
  const server = await startProductionServer(cleanup, {
    dataDir: cleanup.tempDir("utilaje-bench-sheet-"),
    seedDemo: true,
    adminPassword: password,
  });
  const baseline = baselineRoot
    ? await startProductionServer(cleanup, {
        dataDir: cleanup.tempDir("utilaje-bench-sheet-"),
        seedDemo: true,
        root: baselineRoot,
      })
    : undefined;
  const figures: Figure[] = [];

  const settle = Number(flags.settle);
  await waitForQuietMachine();
  await pause(settle);
  if (baseline) {
    // Read side by side, twice in alternating order; the mean of each.
    const reads = [
      processMemory(server.pid).rss,
      processMemory(baseline.pid).rss,
      processMemory(baseline.pid).rss,
      processMemory(server.pid).rss,
    ];
    const [own, base] = [(reads[0] + reads[3]) / 2, (reads[1] + reads[2]) / 2];
    figures.push({
      name: "memory at rest, this build − baseline",
      value: round(own - base),
      unit: "MB",
      budget: 10,
      kind: "at-most",
      details: `RSS ${round(own)} MB vs ${round(base)} MB after ${settle} s idle, before any sheet; load ${loadAverage()}`,
    });
  }

  const products = (await (await fetch(`${server.url}/api/product`)).json()) as ProductView[];
  const sheets = products.flatMap((product) =>
    (["ro", "en"] as const).map((language) =>
      specSheetPath(productPath(product.category_slug ?? "", product.slug), language),
    ),
  );
  const headers = await adminHeaders(server.url, password);
  const renew = async () => {
    const entries = (await (await fetch(`${server.url}/api/configuration`)).json()) as ConfigurationEntry[];
    const phone = entries.find((entry) => entry.key === "contact_phone");
    const reply = await fetch(`${server.url}/api/configuration/update`, {
      method: "PUT",
      headers,
      body: JSON.stringify([{ uuid: phone?.uuid, key: "contact_phone", value: phone?.value }]),
    });
    if (reply.status !== 200) throw new Error(`configuration write: ${reply.status}`);
  };
  const get = async (pathname: string) => {
    const started = performance.now();
    const reply = await fetch(`${server.url}${pathname}`, { headers: ACCEPT });
    const bytes = (await reply.arrayBuffer()).byteLength;
    if (reply.status !== 200 || reply.headers.get("Content-Type") !== "application/pdf")
      throw new Error(`${pathname}: ${reply.status}`);
    return { ms: performance.now() - started, bytes };
  };

  let largest = 0;
  for (const sheet of sheets) largest = Math.max(largest, (await get(sheet)).bytes);
  figures.push({
    name: "largest sheet",
    value: round(largest / 1024),
    unit: "KB",
    budget: 300,
    kind: "at-most",
    details: `${sheets.length} sheets (${products.length} demo machines, ro and en)`,
  });

  const rounds = Number(flags.rounds);
  const times: number[] = [];
  const loadBefore = await waitForQuietMachine();
  for (let index = 0; index < rounds; index += 1) {
    await renew();
    for (const sheet of sheets) times.push((await get(sheet)).ms);
  }
  times.sort((a, b) => a - b);
  const p95 = times[Math.ceil(times.length * 0.95) - 1] ?? Number.NaN;
  figures.push({
    name: "sheet made uncached, p95",
    value: round(p95),
    unit: "ms",
    budget: 300,
    kind: "below",
    details: `${times.length} sheets one at a time, each a cache miss; median ${round(times[Math.floor(times.length / 2)] ?? Number.NaN)} ms; load ${loadBefore ?? "?"} before`,
  });

  const cat = products.find((product) => product.model === "CAT 320") ?? products[0];
  if (!cat) throw new Error("no demo machine");
  const page = `${server.url}${productPath(cat.category_slug ?? "", cat.slug)}`;
  const sheet = `${server.url}${specSheetPath(productPath(cat.category_slug ?? "", cat.slug), "ro")}`;
  await fetch(page, { headers: ACCEPT });
  await get(specSheetPath(productPath(cat.category_slug ?? "", cat.slug), "ro"));
  const wrk = { threads: 2, connections: 32, warmup: 2, duration: envNumber("BENCH_DURATION", 8), headers: ACCEPT };
  const totals = { page: 0, sheet: 0 };
  const loadAtWrk = loadAverage();
  for (let index = 0; index < 2; index += 1) {
    const order = index % 2 === 0 ? (["sheet", "page"] as const) : (["page", "sheet"] as const);
    for (const target of order)
      totals[target] += (await measureWithWrk(target === "page" ? page : sheet, server.pid, wrk)).requestsPerSecond;
  }
  figures.push({
    name: "cached sheet ÷ cached product page, requests per second",
    value: round(totals.sheet / totals.page),
    unit: "×",
    budget: 0.8,
    kind: "at-least",
    details: `wrk -t2 -c32, 2 rounds A B B A: ${round(totals.sheet / 2)} sheets/s vs ${round(totals.page / 2)} pages/s; load ${loadAtWrk}`,
  });
  return writeResults("spec-sheet", figures);
});
