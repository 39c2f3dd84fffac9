import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { CHROMIUM_INSTALL_HINT, findChromium } from "../tests/helpers/chromium.ts";
import { envNumber, runBench, Unavailable, type Cleanup } from "./lib/bench-main.ts";
import { CPU_SLOWDOWN, traceHydration, type HydrationTrace } from "./lib/hydration-trace.ts";
import { publicPages } from "./lib/pages.ts";
import { ROOT, requireProductionBuild, startProductionServer } from "./lib/production-server.ts";
import { HYDRATION_LONGEST_TASK_MS } from "./budgets.ts";
import { round, writeResults, type Figure } from "./lib/results.ts";

/**
 * The main thread's long tasks of a first visit of each public page type, in both languages, at
 * Lighthouse's 4× CPU slowdown (bench/lib/hydration-trace.ts): every task over 50 ms with what ran
 * in it, and per page the longest task and the blocking time (the sum of each task's time over
 * 50 ms), medians of BENCH_HYDRATION_RUNS (3). `--baseline DIR` traces another checkout's build in
 * the same run, the visits interleaved; `--page home` traces only the pages whose label starts so. Budget: no task over
 * HYDRATION_LONGEST_TASK_MS (bench/budgets.ts).
 */

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function serve(cleanup: Cleanup, root: string): Promise<string> {
  requireProductionBuild(root);
  return (
    await startProductionServer(cleanup, { dataDir: cleanup.tempDir("utilaje-hydration-"), seedDemo: true, root })
  ).url;
}

function printTrace(name: string, trace: HydrationTrace): void {
  console.log(
    `    ${name}: ${trace.tasks.length} long tasks, longest ${Math.round(trace.longestMs)} ms, blocking ${Math.round(trace.blockingMs)} ms`,
  );
  for (const task of trace.tasks) {
    console.log(`      at ${Math.round(task.startMs)} ms, ${Math.round(task.durationMs)} ms: ${task.parts.join("; ")}`);
    console.log(`        scripts: ${task.scripts.join("; ")}`);
  }
}

await runBench(async (cleanup) => {
  const { values } = parseArgs({ options: { baseline: { type: "string" }, page: { type: "string" } } });
  const executablePath = findChromium();
  if (!executablePath) throw new Unavailable(`no Chromium: ${CHROMIUM_INSTALL_HINT}`);
  const runs = envNumber("BENCH_HYDRATION_RUNS", 3);
  const targets = [{ name: "current", base: await serve(cleanup, ROOT) }];
  if (values.baseline) targets.push({ name: "baseline", base: await serve(cleanup, path.resolve(values.baseline)) });
  const pages = (await publicPages(targets[0].base)).filter(
    (page) => !values.page || page.label.startsWith(values.page),
  );
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
  cleanup.add(() => browser.close());
  const traces = new Map<string, HydrationTrace[]>();
  for (let run = 0; run < runs; run++) {
    for (const page of pages) {
      // Alternate which build goes first, so neither always meets the machine as the other left it.
      for (const target of run % 2 ? [...targets].reverse() : targets) {
        await (await fetch(target.base + page.pathname)).arrayBuffer();
        const trace = await traceHydration(browser, target.base + page.pathname);
        const key = `${page.label}|${target.name}`;
        traces.set(key, [...(traces.get(key) ?? []), trace]);
      }
    }
  }
  console.log(
    `Long tasks of a first visit at ${CPU_SLOWDOWN}× CPU slowdown (the median run of ${runs} by blocking time)`,
  );
  const figures: Figure[] = [];
  for (const page of pages) {
    console.log(`  ${page.label} ${page.pathname}`);
    const medians: Record<string, { longest: number; blocking: number }> = {};
    for (const target of targets) {
      const list = traces.get(`${page.label}|${target.name}`) ?? [];
      const blocking = median(list.map((trace) => trace.blockingMs));
      // The budget's figure: the longest task that ran the site's scripts (the browser's own parsing, layout and paint
      // aside).
      const longest = median(
        list.map((trace) =>
          Math.max(0, ...trace.tasks.filter((task) => task.ranSiteScripts).map((task) => task.durationMs)),
        ),
      );
      medians[target.name] = { longest, blocking };
      const shown = [...list].sort((a, b) => a.blockingMs - b.blockingMs)[Math.floor(list.length / 2)];
      printTrace(target.name, shown);
    }
    const before = medians.baseline;
    const now = medians.current;
    const versus = before
      ? `; baseline longest ${Math.round(before.longest)} ms, blocking ${Math.round(before.blocking)} ms`
      : "";
    if (before)
      console.log(
        `    current ÷ baseline: longest × ${round(now.longest / before.longest)}, blocking × ${round(now.blocking / Math.max(1, before.blocking))}`,
      );
    figures.push({
      name: `longest task running the site scripts, first visit at ${CPU_SLOWDOWN}× slowdown, ${page.label}`,
      value: round(now.longest),
      unit: "ms",
      budget: HYDRATION_LONGEST_TASK_MS,
      kind: "at-most",
      details: `${page.pathname}, median of ${runs}; blocking ${Math.round(now.blocking)} ms${versus}`,
    });
  }
  await browser.close();
  return writeResults("hydration", figures);
});
