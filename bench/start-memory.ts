import path from "node:path";
import { parseArgs } from "node:util";
import { Cleanup, runBench } from "./lib/bench-main.ts";
import { MemoryProbe, processMemory, type HeapBreakdown, type ProcessMemory } from "./lib/process-memory.ts";
import { ROOT, requireProductionBuild, startProductionServer, type ServerProcess } from "./lib/production-server.ts";
import { waitForQuietMachine } from "./lib/quiet-machine.ts";
import { round, writeResults, type Figure } from "./lib/results.ts";
import { rotatingRequestsScript, uncachedPages } from "./lib/uncached-pages.ts";
import { measureWithWrk } from "./lib/wrk.ts";

/**
 * How much memory one instance holds at rest and under load, and what it serves meanwhile
 * (decision 50). For each build measured (this checkout's; with `--baseline DIR` another
 * checkout's as well, the two interleaved round by round, the order alternating):
 *
 * 1. At rest: the production server (`server/process/index.ts`, what `npm start` runs) starts on a new
 *    SQLite data directory, fills it with the demo catalogue, and is read after `--settle` idle
 *    seconds: RSS from /proc with its file-backed part, and what V8 and Node say it is made of
 *    (bench/lib/memory-probe.ts). Again after a restart on the same data (nothing to seed).
 * 2. Under load: wrk (`-t2 -c32`) asks for uncached pages, /contact opened for each machine
 *    (bench/lib/uncached-pages.ts),
 *    `--warmup` seconds, then `--duration` measured seconds, while the RSS is read every second: its
 *    peak is the figure; the pages per second, p99 and the server's CPU per page are the measured run's.
 *
 *   node bench/start-memory.ts [--baseline DIR] [--rounds N] [--duration S] [--warmup S] [--settle S]
 *
 * Budgets: 120 MB at rest, 256 MB under load; against a baseline, pages per second not lower and
 * p99 not higher (current ÷ baseline). Each measured part first waits for a quiet machine
 * (bench/lib/quiet-machine.ts).
 */

const REST_BUDGET_MB = 120;
const LOAD_BUDGET_MB = 256;
const WRK = { threads: 2, connections: 32 };
const ACCEPT = { "Accept-Encoding": "br, gzip" };

const { values: flags } = parseArgs({
  options: {
    baseline: { type: "string" },
    rounds: { type: "string", default: "1" },
    duration: { type: "string", default: "60" },
    warmup: { type: "string", default: "5" },
    settle: { type: "string", default: "5" },
  },
});
const rounds = positive("rounds", flags.rounds);
const durationSeconds = positive("duration", flags.duration);
const warmupSeconds = positive("warmup", flags.warmup);
const settleSeconds = positive("settle", flags.settle);

function positive(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number, not ${raw}`);
  return value;
}

type Memory = ProcessMemory & HeapBreakdown;

interface Measure {
  started: Memory;
  restarted: Memory;
  /** Under load: the highest RSS read, and the breakdown at the end of the run. */
  peakRss: number;
  loaded: Memory;
  pagesPerSecond: number;
  p99: number;
  cpuMsPerPage?: number;
  load: (number | undefined)[];
}

const pause = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

async function measure(root: string): Promise<Measure> {
  requireProductionBuild(root);
  const scope = new Cleanup();
  try {
    const dataDir = scope.tempDir("utilaje-start-memory-");
    const probe = new MemoryProbe(path.join(scope.tempDir("utilaje-memory-probe-"), "probe.jsonl"));
    const options = { dataDir, root, seedDemo: true, env: probe.env };
    const settled = async (server: ServerProcess) => {
      await pause(settleSeconds);
      return probe.read(server.pid);
    };

    const quietAtStart = await waitForQuietMachine();
    const first = await startProductionServer(scope, options);
    const started = await settled(first);
    await first.stop();
    const restartedServer = await startProductionServer(scope, options);
    const restarted = await settled(restartedServer);

    const script = rotatingRequestsScript(
      scope.tempDir("utilaje-wrk-"),
      await uncachedPages(restartedServer.url),
      ACCEPT,
    );
    const quietAtLoad = await waitForQuietMachine();
    let peakRss = processMemory(restartedServer.pid).rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, processMemory(restartedServer.pid).rss)), 1000);
    const run = await measureWithWrk(restartedServer.url, restartedServer.pid, {
      ...WRK,
      warmup: warmupSeconds,
      duration: durationSeconds,
      headers: ACCEPT,
      script,
    }).finally(() => clearInterval(sampler));
    const loaded = await probe.read(restartedServer.pid);
    return {
      started,
      restarted,
      peakRss: Math.max(peakRss, loaded.rss),
      loaded,
      pagesPerSecond: run.requestsPerSecond,
      p99: run.latencyP99,
      cpuMsPerPage: run.cpuSeconds === undefined ? undefined : (run.cpuSeconds * 1000) / run.requests,
      load: [quietAtStart, quietAtLoad],
    };
  } finally {
    await scope.run();
  }
}

const mb = (m: Memory) =>
  `${round(m.rss)} MB (files ${round(m.file)}; anon ${round(m.anon)}: JS heap ${round(m.heapTotal)} committed of which young generation ${round(m.newSpace)}, ${round(m.heapUsed)} used, ${round(m.heapLive)} alive; external ${round(m.external)}, array buffers ${round(m.arrayBuffers)}; the rest ${round(m.anon - m.heapTotal - m.external)}: native libraries and the allocator)`;
const describe = (m: Measure) =>
  `at rest after a start that seeded the demo ${mb(m.started)}; restarted on the same data ${mb(m.restarted)}; ` +
  `uncached pages at c=${WRK.connections}: ${round(m.pagesPerSecond)} pages/s, p99 ${round(m.p99)} ms` +
  `${m.cpuMsPerPage === undefined ? "" : `, server CPU ${round(m.cpuMsPerPage)} ms per page`}, peak RSS ${round(m.peakRss)} MB, at the end ${mb(m.loaded)}` +
  ` (load average before: ${m.load.map((value) => (value === undefined ? "?" : round(value))).join(", ")})`;

await runBench(async () => {
  const builds: [name: "current" | "baseline", root: string][] = [["current", ROOT]];
  if (flags.baseline) builds.push(["baseline", path.resolve(flags.baseline)]);
  const measured = { current: [] as Measure[], baseline: [] as Measure[] };
  for (let roundIndex = 0; roundIndex < rounds; roundIndex++) {
    for (const [name, root] of roundIndex % 2 === 0 ? builds : builds.toReversed()) {
      const result = await measure(root);
      console.log(`round ${roundIndex + 1} ${name}: ${describe(result)}`);
      measured[name].push(result);
    }
  }
  const current = measured.current;
  const baseline = measured.baseline.length > 0 ? measured.baseline : undefined;
  const worst = (results: Measure[], pick: (m: Measure) => number) => Math.max(...results.map(pick));
  const total = (results: Measure[], pick: (m: Measure) => number) => results.reduce((sum, m) => sum + pick(m), 0);
  const versus = (pick: (m: Measure) => number) =>
    baseline
      ? `; × ${round(worst(current, pick) / worst(baseline, pick))} of the baseline's ${round(worst(baseline, pick))} MB`
      : "";
  const figures: Figure[] = [
    {
      name: "RSS at rest after a start that seeded the demo catalogue",
      value: round(worst(current, (m) => m.started.rss)),
      unit: "MB",
      budget: REST_BUDGET_MB,
      kind: "at-most",
      details: `${current.map((m) => mb(m.started)).join("; ")}; restarted: ${current.map((m) => round(m.restarted.rss)).join(", ")} MB${versus((m) => m.started.rss)}`,
    },
    {
      name: `peak RSS under ${durationSeconds} s of uncached pages at c=${WRK.connections}`,
      value: round(worst(current, (m) => m.peakRss)),
      unit: "MB",
      budget: LOAD_BUDGET_MB,
      kind: "at-most",
      details: `at the end: ${current.map((m) => mb(m.loaded)).join("; ")}${versus((m) => m.peakRss)}`,
    },
  ];
  if (baseline) {
    const rate = (results: Measure[]) => total(results, (m) => m.pagesPerSecond) / results.length;
    const p99 = (results: Measure[]) => total(results, (m) => m.p99) / results.length;
    figures.push(
      {
        name: "uncached pages per second, current ÷ baseline",
        value: round(rate(current) / rate(baseline)),
        unit: "×",
        budget: 1,
        kind: "at-least",
        details: `${round(rate(current))} against ${round(rate(baseline))} pages/s, mean of ${rounds} interleaved round(s) of ${durationSeconds} s`,
      },
      {
        name: "uncached page p99, current ÷ baseline",
        value: round(p99(current) / p99(baseline)),
        unit: "×",
        budget: 1,
        kind: "at-most",
        details: `${round(p99(current))} against ${round(p99(baseline))} ms`,
      },
    );
  }
  return writeResults("start-memory", figures);
});
