import { setTimeout } from "node:timers/promises";
import { parseArgs } from "node:util";
import { envNumber, runBench, type Cleanup } from "./lib/bench-main.ts";
import { ROOT, requireProductionBuild, startProductionServer } from "./lib/production-server.ts";
import { round, writeResults, type Figure } from "./lib/results.ts";

/**
 * POST /api/reset must not tell whether an address is the admin's by how long it takes: the reply is
 * the same, and so should be its time. The production server with SQLite (ADMIN_EMAIL known), then
 * BENCH_RESETS (default 300) calls for the admin's address and as many for an unknown one,
 * alternating one by one so that the machine's load falls on both, 10 ms apart; the figure is the ratio of the
 * median times, known ÷ unknown (budget ≤ 1.15; it was about 2.5 when the reply waited for the mail).
 * With `--baseline DIR` the same is measured on another checkout's build, for comparison.
 */

const KNOWN = "admin@utilaje.test";

async function measure(cleanup: Cleanup, root: string, count: number): Promise<{ known: number[]; unknown: number[] }> {
  requireProductionBuild(root);
  const server = await startProductionServer(cleanup, {
    dataDir: cleanup.tempDir("utilaje-bench-reset-"),
    seedDemo: false,
    root,
    env: { ADMIN_EMAIL: KNOWN, RESET_RATE_LIMIT: String(count * 4) },
  });
  const times = { known: [] as number[], unknown: [] as number[] };
  const call = async (mail: string) => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/reset`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ mail, lang: "ro" }),
    });
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (response.status !== 204) throw new Error(`POST /api/reset: ${response.status}`);
    // The work left after the reply (a known address's mail) ends before the next call, so that it
    // weighs on neither kind of call.
    await setTimeout(10);
    return ms;
  };
  // A warm-up of both paths, not counted.
  for (let i = 0; i < 20; i++) await call(i % 2 ? KNOWN : `warm-${i}@utilaje.test`);
  for (let i = 0; i < count; i++) {
    times.known.push(await call(KNOWN));
    times.unknown.push(await call(`nobody-${i}@utilaje.test`));
  }
  await server.stop();
  return times;
}

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(share * values.length))] ?? 0;

await runBench(async (cleanup) => {
  const { values } = parseArgs({ options: { baseline: { type: "string" } } });
  const count = envNumber("BENCH_RESETS", 300);
  const builds: [string, string][] = [
    ["current", ROOT],
    ...(values.baseline ? [["baseline", values.baseline] as [string, string]] : []),
  ];
  const figures: Figure[] = [];
  for (const [label, root] of builds) {
    const { known, unknown } = await measure(cleanup, root, count);
    const [knownMedian, unknownMedian] = [percentile(known, 0.5), percentile(unknown, 0.5)];
    console.log(
      `${label}: known address p50 ${round(knownMedian)} ms p95 ${round(percentile(known, 0.95))} ms; unknown p50 ${round(unknownMedian)} ms p95 ${round(percentile(unknown, 0.95))} ms`,
    );
    if (label === "current") {
      figures.push({
        name: "POST /api/reset time, known ÷ unknown address (median)",
        value: round(knownMedian / unknownMedian),
        unit: "×",
        budget: 1.15,
        kind: "at-most",
        details: `${count} calls each, alternating; known p50 ${round(knownMedian)} ms, unknown p50 ${round(unknownMedian)} ms`,
      });
    }
  }
  return writeResults("reset-timing", figures);
});
