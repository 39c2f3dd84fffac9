import { spawn } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_INSTALL_HINT, findChromium } from "../tests/helpers/chromium.ts";
import { envNumber, runBench, Unavailable, type Cleanup } from "./lib/bench-main.ts";
import { findNginx } from "./lib/nginx.ts";
import type { CategoryView, ProductView } from "../common/catalogue/catalogue-views.ts";
import { comparePath } from "../common/catalogue/compare-address.ts";
import { getJson, publicPages, type PublicPage } from "./lib/pages.ts";
import { ROOT, requireProductionBuild, startProductionServer } from "./lib/production-server.ts";
import { round, writeResults, type Figure } from "./lib/results.ts";
import { startStaticCopy } from "./lib/static-copy.ts";

/**
 * Lighthouse (mobile preset: a mid-range phone on a throttled 4G link, simulated) on /home, a
 * category page, a product page and /contact, in both languages, of the production build with the demo catalogue, each
 * page run BENCH_LIGHTHOUSE_RUNS times (default 3) and the median taken per figure. Budgets (DESIGN.md § Budgets):
 * performance, accessibility, best practices and SEO 100; LCP ≤ 1.5 s; total blocking time ≤ 150 ms (decision 056). The
 * total transfer size is reported beside them.
 *
 * Beside the server, for scale, the same bytes served by nginx from files (bench/lib/static-copy.ts):
 * what the pages would score if the server took no time, so a gap between the two is the server's and
 * the rest is the pages' own critical chain. `--no-static-copy` skips it (no nginx needed then).
 * `--baseline DIR` also measures another checkout's production build (for example `git archive main`
 * unpacked and built) in the same run. The runs of all of them are interleaved page by page; the
 * ratios current ÷ static copy and current ÷ baseline are printed. `--url` measures a running
 * server instead of starting one (its build is taken to be this checkout's, for the static copy).
 * `--specifications` measures the typed specifications' pages instead (decision 058): the demo's
 * excavators filtered (under 6 t, digging at least 3.5 m) and the compare page of two, both languages.
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

/**
 * Lighthouse now and then loses a page load's trace on this machine ("NO_NAVSTART", "NO_FCP"): such
 * a run is tried again, up to this many times, rather than ending a bench of many minutes. Any other
 * failure ends it at once.
 */
const ATTEMPTS = 3;
const LOST_TRACE = /\b(?:NO_NAVSTART|NO_FCP|NO_LCP|NO_TRACING_STARTED)\b/;

async function lighthouse(url: string, chromium: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, chromium);
    } catch (error) {
      if (attempt >= ATTEMPTS || !LOST_TRACE.test(error instanceof Error ? error.message : String(error))) throw error;
      console.error(
        `  ${(error instanceof Error ? error.message : String(error)).split("\n").slice(0, 2).join(" ")}; trying again`,
      );
    }
  }
}

async function lighthouseOnce(url: string, chromium: string): Promise<Run> {
  const args = [
    url,
    "--output=json",
    "--output-path=stdout",
    "--quiet",
    `--only-categories=${CATEGORIES.join(",")}`,
    "--chrome-flags=--headless --no-sandbox --disable-gpu",
  ];
  const child = spawn(LIGHTHOUSE, args, {
    env: { ...process.env, CHROME_PATH: chromium },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const chunks: Buffer[] = [];
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString("utf8")).slice(-4000)));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`lighthouse ${url} exited with ${code}:\n${stderr}`);
  const report = JSON.parse(Buffer.concat(chunks).toString("utf8")) as LighthouseReport;
  if (report.runtimeError) throw new Error(`lighthouse ${url}: ${report.runtimeError.message}`);
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round((report.categories[category].score ?? 0) * 100)]),
  ) as Record<Category, number>;
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
    scores: Object.fromEntries(CATEGORIES.map((category) => [category, of((run) => run.scores[category])])) as Record<
      Category,
      number
    >,
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
  const server = await startProductionServer(cleanup, {
    dataDir: cleanup.tempDir("utilaje-lighthouse-"),
    seedDemo: true,
    root,
  });
  return server.url;
}

/**
 * The typed specifications' pages (decision 058), in both languages: the demo's excavators filtered
 * to those under 6 t digging at least 3.5 m, and the compare page of the category's first two.
 */
async function specificationPages(base: string): Promise<PublicPage[]> {
  const category = (await getJson<CategoryView[]>(base, "/api/category")).find((each) => each.slug === "excavatoare");
  const machines = category ? await getJson<ProductView[]>(base, `/api/product/category/${category.uuid}`) : [];
  if (!category || machines.length < 2)
    throw new Error("the demo catalogue has no category 'excavatoare' with two machines");
  const types = [
    {
      label: "filtered",
      pathname: `/categorie/${category.slug}?masa-operationala-max=6000&adancime-maxima-de-sapare-min=3.5`,
    },
    { label: "compare", pathname: comparePath(machines.slice(0, 2).map((machine) => machine.uuid)) },
  ];
  return types.flatMap(({ label, pathname }) => [
    { label: `${label} ro`, pathname },
    { label: `${label} en`, pathname: `${pathname}&lang=en` },
  ]);
}

/**
 * The pictures a page names, each variant asked for once: the server makes a variant on its first
 * request, which is not what a page costs.
 */
async function warmPictures(base: string, pathname: string): Promise<void> {
  const html = await (await fetch(base + pathname)).text();
  for (const [picture] of new Set(html.matchAll(/\/media\/[^\s"',]+/g)))
    await (await fetch(base + picture)).arrayBuffer();
}

await runBench(async (cleanup) => {
  const { values } = parseArgs({
    options: {
      url: { type: "string" },
      baseline: { type: "string" },
      "no-static-copy": { type: "boolean" },
      specifications: { type: "boolean" },
    },
  });
  const chromiumPath = findChromium();
  if (!chromiumPath) throw new Unavailable(`no Chromium: ${CHROMIUM_INSTALL_HINT}`);
  const nginxBinary = values["no-static-copy"] ? undefined : findNginx();
  const runs = envNumber("BENCH_LIGHTHOUSE_RUNS", 3);
  const current = { name: "current", base: values.url?.replace(/\/$/, "") ?? (await serve(cleanup, ROOT)) };
  const targets: { name: string; base: string }[] = [current];
  if (values.baseline) targets.unshift({ name: "baseline", base: await serve(cleanup, path.resolve(values.baseline)) });
  // Each public page type in both languages (decision 056), the Romanian ones first.
  const pages = (values.specifications ? await specificationPages(current.base) : await publicPages(current.base)).sort(
    (a, b) => Number(a.label.endsWith(" en")) - Number(b.label.endsWith(" en")),
  );
  for (const target of targets) for (const page of pages) await warmPictures(target.base, page.pathname);
  if (nginxBinary) {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
    const pathnames = pages.map((page) => page.pathname);
    const base = await startStaticCopy(cleanup, {
      binary: nginxBinary,
      browser,
      base: current.base,
      root: ROOT,
      pathnames,
      workers: envNumber("BENCH_NGINX_WORKERS", 2),
    });
    await browser.close();
    targets.push({ name: "static", base });
  }
  const results = new Map<string, Run[]>();
  for (let index = 0; index < runs; index++) {
    for (const page of pages) {
      for (const target of targets) {
        // Warm the page cache first: the figure is about the page, not about the first render.
        await (await fetch(target.base + page.pathname)).arrayBuffer();
        const run = await lighthouse(target.base + page.pathname, chromiumPath);
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
    console.log(`  ${page.label.padEnd(8)} ${describe(current)}`);
    let comparison = "";
    for (const other of ["static", "baseline"]) {
      const otherRuns = results.get(`${other} ${page.label}`);
      if (!otherRuns) continue;
      const median = medianRun(otherRuns);
      const name = other === "static" ? "static copy (nginx)" : "baseline";
      console.log(`  ${"".padEnd(8)} ${name}: ${describe(median)}`);
      const ratios = `LCP × ${round(current.lcpMs / median.lcpMs)}, TBT × ${round(current.tbtMs / Math.max(1, median.tbtMs))}, transfer × ${round(current.transferBytes / median.transferBytes)}`;
      console.log(`  ${"".padEnd(8)} current ÷ ${name}: ${ratios}`);
      comparison += `; ${name} LCP ${round(median.lcpMs / 1000)} s, performance ${median.scores.performance} (current ÷ it: ${ratios})`;
    }
    const details = `${page.pathname}, median of ${runs}; transfer ${round(current.transferBytes / 1000)} kB${comparison}`;
    figures.push(
      {
        name: `Lighthouse performance, ${page.label}`,
        value: current.scores.performance,
        unit: "points",
        budget: 100,
        kind: "at-least",
        details,
      },
      {
        name: `Lighthouse accessibility, ${page.label}`,
        value: current.scores.accessibility,
        unit: "points",
        budget: 100,
        kind: "at-least",
      },
      {
        name: `Lighthouse best practices, ${page.label}`,
        value: current.scores["best-practices"],
        unit: "points",
        budget: 100,
        kind: "at-least",
      },
      {
        name: `Lighthouse SEO, ${page.label}`,
        value: current.scores.seo,
        unit: "points",
        budget: 100,
        kind: "at-least",
      },
      {
        name: `Largest Contentful Paint, ${page.label}`,
        value: current.lcpMs / 1000,
        unit: "s",
        budget: 1.5,
        kind: "at-most",
        details,
      },
      {
        name: `Total blocking time, ${page.label}`,
        value: Math.round(current.tbtMs),
        unit: "ms",
        budget: 150,
        kind: "at-most",
        details,
      },
    );
  }
  return writeResults("lighthouse", figures);
});
