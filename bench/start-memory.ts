import path from "node:path";
import { parseArgs } from "node:util";
import { FAST_ALTCHA } from "../tests/helpers/contact.ts";
import { TEST_ADMIN } from "../tests/helpers/test-admin.ts";
import { Cleanup, runBench } from "./lib/bench-main.ts";
import { runMixedTraffic } from "./lib/mixed-traffic.ts";
import { MemoryProbe, type HeapBreakdown, type ProcessMemory } from "./lib/process-memory.ts";
import { ROOT, requireProductionBuild, startProductionServer } from "./lib/production-server.ts";
import { round, writeResults } from "./lib/results.ts";

/**
 * How much memory one instance holds. The production server (`server/index.ts`, what
 * `npm start` runs) starts on a new SQLite data directory and fills it with the demo catalogue; its
 * resident memory (RSS) is read right after it announces itself, again after `--warmup` seconds of
 * the soak's mixed traffic (bench/lib/mixed-traffic.ts) at `--connections`, and once more after a
 * restart on the same data directory (nothing left to seed). `--baseline DIR` measures another
 * checkout's build the same way first, and the details give the ratios current ÷ baseline.
 *
 *   node bench/start-memory.ts [--warmup SECONDS] [--connections N] [--baseline DIR]
 *
 * Budgets: 256 MB right after the start, 512 MB after the warm-up: two instances and PostgreSQL
 * then fit a 2 GB machine with room for the page cache of the operating system.
 */

const START_BUDGET_MB = 256;
const WARM_BUDGET_MB = 512;
/** Time for what the start left running (the outbox's first poll, the seed's child process) to settle. */
const SETTLE_MS = 1000;

const { values: flags } = parseArgs({
  options: {
    warmup: { type: "string", default: "60" },
    connections: { type: "string", default: "50" },
    baseline: { type: "string" },
  },
});
const warmupSeconds = positive("warmup", flags.warmup);
const connections = positive("connections", flags.connections);

function positive(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number, not ${raw}`);
  return value;
}

type Memory = ProcessMemory & HeapBreakdown;

interface Measure {
  started: Memory;
  warm: Memory;
  restarted: Memory;
  requests: number;
  errors: number;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

async function measure(cleanup: Cleanup, root: string): Promise<Measure> {
  requireProductionBuild(root);
  const dataDir = cleanup.tempDir("utilaje-start-memory-");
  const probe = new MemoryProbe(path.join(cleanup.tempDir("utilaje-memory-probe-"), "probe.jsonl"));
  // The soak's settings: its admin logs in for the writes, and every call comes from 127.0.0.1.
  const env = { ...probe.env, CONTACT_RATE_LIMIT: "100000000", ...FAST_ALTCHA };
  const options = { dataDir, root, seedDemo: true, adminPassword: TEST_ADMIN.password, env };

  const first = new Cleanup();
  let started: Memory;
  let warm: Memory;
  let traffic: Awaited<ReturnType<typeof runMixedTraffic>>;
  try {
    const server = await startProductionServer(first, options);
    await settle();
    started = await probe.read(server.pid);
    traffic = await runMixedTraffic({ url: server.url, connections, seconds: warmupSeconds });
    await settle();
    warm = await probe.read(server.pid);
  } finally {
    await first.run();
  }

  const second = new Cleanup();
  try {
    const server = await startProductionServer(second, options);
    await settle();
    return { started, warm, restarted: await probe.read(server.pid), requests: traffic.requests, errors: traffic.errors };
  } finally {
    await second.run();
  }
}

const mb = (m: Memory) =>
  `${round(m.rss)} MB (files ${round(m.file)}; anon ${round(m.anon)}: JS heap ${round(m.heapTotal)} committed of which young generation ${round(m.newSpace)}, ${round(m.heapUsed)} used, ${round(m.heapLive)} alive; external ${round(m.external)}, array buffers ${round(m.arrayBuffers)}; the rest ${round(m.anon - m.heapTotal - m.external)}: native libraries and the allocator)`;
const describe = (m: Measure) =>
  `right after the start (demo seeded) ${mb(m.started)}; after ${warmupSeconds} s of mixed traffic at c=${connections} (${m.requests} requests, ${m.errors} errors) ${mb(m.warm)}; restarted on the same data ${mb(m.restarted)}`;

await runBench(async (cleanup) => {
  const baseline = flags.baseline ? await measure(cleanup, path.resolve(flags.baseline)) : undefined;
  if (baseline) console.log(`baseline: ${describe(baseline)}`);
  const current = await measure(cleanup, ROOT);
  console.log(`current:  ${describe(current)}`);
  const versus = (pick: (m: Measure) => Memory) => (baseline ? `; × ${round(pick(current).rss / pick(baseline).rss)} of the baseline's ${round(pick(baseline).rss)} MB` : "");
  if (current.errors > 0) console.log(`the warm-up had ${current.errors} errors: its figure may not be a warm server's`);
  return writeResults("start-memory", [
    {
      name: "RSS right after a start that seeded the demo catalogue",
      value: round(current.started.rss),
      unit: "MB",
      budget: START_BUDGET_MB,
      kind: "at-most",
      details: `${mb(current.started)}; restarted on the same data ${mb(current.restarted)}${versus((m) => m.started)}`,
    },
    {
      name: `RSS after ${warmupSeconds} s of mixed traffic`,
      value: round(current.warm.rss),
      unit: "MB",
      budget: WARM_BUDGET_MB,
      kind: "at-most",
      details: `${mb(current.warm)}; ${current.requests} requests at c=${connections}, ${current.errors} errors${versus((m) => m.warm)}`,
    },
  ]);
});
