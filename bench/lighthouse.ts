import { spawn } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { CHROMIUM_INSTALL_HINT, findChromium } from "../tests/helpers/chromium.ts";
import { envNumber, runBench, Unavailable, type Cleanup } from "./lib/bench-main.ts";
import { choosePages } from "./lib/pages.ts";
import { ROOT, requireProductionBuild, startProductionServer } from "./lib/production-server.ts";
import { round, writeResults, type Figure } from "./lib/results.ts";

/**
 * Lighthouse (mobile preset: a mid-range phone on a throttled 4G link, simulated) on /home, a
 * category page and a product page of the production build with the demo catalogue, each page run
 * BENCH_LIGHTHOUSE_RUNS times (default 3) and the median taken per figure. Budgets (DESIGN.md § Budgets):
 * performance ≥ 95; accessibility, best practices and SEO 100; LCP ≤ 2.0 s. The total transfer
 * size is reported beside them.
 *
 * `--baseline DIR` also measures another checkout's production build (for example `git archive main`
 * unpacked and built) in the same run, the runs interleaved page by page, and prints the ratios.
 * `--url` weighs a running server instead of starting one.
 */

const LIGHTHOUSE = path.join(ROOT, "node_modules", ".bin", "lighthouse");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

interface Run {
  scores: Record<Category, number>;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  transferBytes: number;
}

interface LighthouseReport {
  categories: Record<Category, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
  runtimeError?: { message: string };
}

async function lighthouse(url: string, chromium: string): Promise<Run> {
  const args = [url, "--output=json", "--output-path=stdout", "--quiet", `--only-categories=${CATEGORIES.join(",")}`, "--chrome-flags=--headless --no-sandbox --disable-gpu"];
  const child = spawn(LIGHTHOUSE, args, { env: { ...process.env, CHROME_PATH: chromium }, stdio: ["ignore", "pipe", "pipe"] });
  const chunks: Buffer[] = [];
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString("utf8")).slice(-4000)));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`lighthouse ${url} exited with ${code}:\n${stderr}`);
  const report = JSON.parse(Buffer.concat(chunks).toString("utf8")) as LighthouseReport;
  if (report.runtimeError) throw new Error(`lighthouse ${url}: ${report.runtimeError.message}`);
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((report.categories[category].score ?? 0) * 100)])) as Record<Category, number>;
  return {
    scores,
    lcpMs: audit("largest-contentful-paint"),
    fcpMs: audit("first-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    transferBytes: audit("total-byte-weight"),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The median of each figure over the runs. */
function medianRun(runs: Run[]): Run {
  const of = (pick: (run: Run) => number) => median(runs.map(pick));
  return {
    scores: Object.fromEntries(CATEGORIES.map((category) => [category, of((run) => run.scores[category])])) as Record<Category, number>,
    lcpMs: of((run) => run.lcpMs),
    fcpMs: of((run) => run.fcpMs),
    tbtMs: of((run) => run.tbtMs),
    transferBytes: of((run) => run.transferBytes),
  };
}

function describe(run: Run): string {
  const scores = CATEGORIES.map((category) => `${category} ${run.scores[category]}`).join(", ");
  return `${scores}; FCP ${round(run.fcpMs / 1000)} s, LCP ${round(run.lcpMs / 1000)} s, TBT ${Math.round(run.tbtMs)} ms, transfer ${round(run.transferBytes / 1000)} kB`;
}

async function serve(cleanup: Cleanup, root: string): Promise<string> {
  requireProductionBuild(root);
  const server = await startProductionServer(cleanup, { dataDir: cleanup.tempDir("utilaje-lighthouse-"), seedDemo: true, root });
  return server.url;
}

await runBench(async (cleanup) => {
  const { values } = parseArgs({ options: { url: { type: "string" }, baseline: { type: "string" } } });
  const chromium = findChromium();
  if (!chromium) throw new Unavailable(`no Chromium: ${CHROMIUM_INSTALL_HINT}`);
  const runs = envNumber("BENCH_LIGHTHOUSE_RUNS", 3);
  const targets: { name: string; base: string }[] = [{ name: "current", base: values.url?.replace(/\/$/, "") ?? (await serve(cleanup, ROOT)) }];
  if (values.baseline) targets.unshift({ name: "baseline", base: await serve(cleanup, path.resolve(values.baseline)) });
  const { categoryPath, productPath } = await choosePages(targets[0].base);
  const pages = [
    { label: "home", pathname: "/home" },
    { label: "category", pathname: categoryPath },
    { label: "product", pathname: productPath },
  ];
  const results = new Map<string, Run[]>();
  for (let index = 0; index < runs; index++) {
    for (const page of pages) {
      for (const target of targets) {
        // Warm the page cache first: the figure is about the page, not about the first render.
        await (await fetch(target.base + page.pathname)).arrayBuffer();
        const run = await lighthouse(target.base + page.pathname, chromium);
        console.log(`  run ${index + 1} ${target.name.padEnd(8)} ${page.label.padEnd(8)} ${describe(run)}`);
        const key = `${target.name} ${page.label}`;
        results.set(key, [...(results.get(key) ?? []), run]);
      }
    }
  }

  console.log(`\nMedians of ${runs} runs (Lighthouse mobile preset)`);
  const figures: Figure[] = [];
  for (const page of pages) {
    const current = medianRun(results.get(`current ${page.label}`) ?? []);
    const baselineRuns = results.get(`baseline ${page.label}`);
    const baseline = baselineRuns ? medianRun(baselineRuns) : undefined;
    console.log(`  ${page.label.padEnd(8)} ${describe(current)}`);
    let comparison = "";
    if (baseline) {
      console.log(`  ${"".padEnd(8)} baseline: ${describe(baseline)}`);
      comparison = `; baseline LCP ${round(baseline.lcpMs / 1000)} s, transfer ${round(baseline.transferBytes / 1000)} kB (LCP × ${round(current.lcpMs / baseline.lcpMs)}, transfer × ${round(current.transferBytes / baseline.transferBytes)})`;
      console.log(`  ${"".padEnd(8)} current ÷ baseline: LCP × ${round(current.lcpMs / baseline.lcpMs)}, transfer × ${round(current.transferBytes / baseline.transferBytes)}`);
    }
    const details = `${page.pathname}, median of ${runs}; transfer ${round(current.transferBytes / 1000)} kB${comparison}`;
    figures.push(
      { name: `Lighthouse performance, ${page.label}`, value: current.scores.performance, unit: "points", budget: 95, kind: "at-least", details },
      { name: `Lighthouse accessibility, ${page.label}`, value: current.scores.accessibility, unit: "points", budget: 100, kind: "at-least" },
      { name: `Lighthouse best practices, ${page.label}`, value: current.scores["best-practices"], unit: "points", budget: 100, kind: "at-least" },
      { name: `Lighthouse SEO, ${page.label}`, value: current.scores.seo, unit: "points", budget: 100, kind: "at-least" },
      { name: `Largest Contentful Paint, ${page.label}`, value: current.lcpMs / 1000, unit: "s", budget: 2, kind: "at-most", details },
    );
  }
  return writeResults("lighthouse", figures);
});

