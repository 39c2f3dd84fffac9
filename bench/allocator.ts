import { parseArgs } from "node:util";
import { FAST_ALTCHA } from "../tests/helpers/contact.ts";
import { TEST_ADMIN } from "../tests/helpers/test-admin.ts";
import { unitMallocSettings } from "./lib/allocator-settings.ts";
import { Cleanup, runBench, Unavailable } from "./lib/bench-main.ts";
import { cpuSeconds } from "./lib/cpu-time.ts";
import { runMixedTraffic } from "./lib/mixed-traffic.ts";
import { processMemory } from "./lib/process-memory.ts";
import { requireProductionBuild, startProductionServer } from "./lib/production-server.ts";
import { round, writeResults } from "./lib/results.ts";

/**
 * Decision 40: what the systemd unit's fixed mmap threshold (`MALLOC_MMAP_THRESHOLD_`) does to one
 * instance under the soak's mixed traffic, against the unit's other `MALLOC_*` settings alone. Each
 * round starts the production server (SQLite, demo catalogue) once with each, alternating which goes
 * first, runs `--warmup` seconds of traffic, then `--duration` measured seconds, and reads the RSS
 * after the warm-up and at the end and the server's CPU time per request over the measured run: what
 * the setting costs, and whether it holds less memory. Whether memory levels off over 10 minutes is
 * the soak's to show (bench/soak.ts).
 *
 *   node bench/allocator.ts [--warmup SECONDS] [--duration SECONDS] [--rounds N] [--connections N]
 */

const { values: flags } = parseArgs({
  options: {
    warmup: { type: "string", default: "60" },
    duration: { type: "string", default: "120" },
    rounds: { type: "string", default: "2" },
    connections: { type: "string", default: "50" },
  },
});
const [warmup, duration, rounds, connections] = (["warmup", "duration", "rounds", "connections"] as const).map(
  (name) => {
    const value = Number(flags[name]);
    if (!Number.isInteger(value) || value <= 0)
      throw new Error(`--${name} must be a positive whole number, not ${flags[name]}`);
    return value;
  },
);

const THRESHOLD = "MALLOC_MMAP_THRESHOLD_";
const settings = {
  "fixed mmap threshold": unitMallocSettings(),
  "glibc's sliding threshold": unitMallocSettings(THRESHOLD),
} as const;
type Setting = keyof typeof settings;

interface Measure {
  warmRss: number;
  endRss: number;
  requests: number;
  errors: number;
  cpuMsPerRequest: number;
}

async function measure(setting: Setting): Promise<Measure> {
  const cleanup = new Cleanup();
  try {
    const server = await startProductionServer(cleanup, {
      dataDir: cleanup.tempDir("utilaje-allocator-"),
      seedDemo: true,
      adminPassword: TEST_ADMIN.password,
      env: { CONTACT_RATE_LIMIT: "100000000", ...FAST_ALTCHA, ...settings[setting] },
    });
    await runMixedTraffic({ url: server.url, connections, seconds: warmup });
    const warmRss = processMemory(server.pid).rss;
    const cpuBefore = cpuSeconds(server.pid) ?? Number.NaN;
    const traffic = await runMixedTraffic({ url: server.url, connections, seconds: duration });
    const cpu = (cpuSeconds(server.pid) ?? Number.NaN) - cpuBefore;
    return {
      warmRss,
      endRss: processMemory(server.pid).rss,
      requests: traffic.requests,
      errors: traffic.errors,
      cpuMsPerRequest: (cpu * 1000) / traffic.requests,
    };
  } finally {
    await cleanup.run();
  }
}

await runBench(async () => {
  requireProductionBuild();
  // The servers inherit this process's environment: a MALLOC_* of it would blur the two settings.
  const inherited = Object.keys(process.env).filter((name) => name.startsWith("MALLOC_"));
  if (inherited.length > 0)
    throw new Unavailable(`run without ${inherited.join(", ")} in the environment: the bench sets MALLOC_* per server`);
  console.log(
    `${THRESHOLD} of the unit: ${settings["fixed mmap threshold"][THRESHOLD] ?? "(not set)"}; ${rounds} rounds of ${warmup} s warm-up + ${duration} s at c=${connections}`,
  );
  const measures: Record<Setting, Measure[]> = { "fixed mmap threshold": [], "glibc's sliding threshold": [] };
  for (let i = 0; i < rounds; i++) {
    const order = Object.keys(settings) as Setting[];
    for (const setting of i % 2 === 0 ? order : order.reverse()) {
      const one = await measure(setting);
      console.log(
        `  ${setting}: RSS ${round(one.warmRss)} → ${round(one.endRss)} MB, ${one.requests} requests (${one.errors} errors), ${round(one.cpuMsPerRequest)} ms CPU per request`,
      );
      measures[setting].push(one);
    }
  }
  const sum = (setting: Setting, pick: (m: Measure) => number) =>
    measures[setting].reduce((total, m) => total + pick(m), 0);
  const growth = (setting: Setting) =>
    (sum(setting, (m) => m.endRss) - sum(setting, (m) => m.warmRss)) / sum(setting, (m) => m.warmRss);
  const cpuRatio =
    sum("fixed mmap threshold", (m) => m.cpuMsPerRequest) / sum("glibc's sliding threshold", (m) => m.cpuMsPerRequest);
  const requestsRatio =
    sum("fixed mmap threshold", (m) => m.requests) / sum("glibc's sliding threshold", (m) => m.requests);
  const errors = sum("fixed mmap threshold", (m) => m.errors) + sum("glibc's sliding threshold", (m) => m.errors);
  if (errors > 0) console.log(`${errors} errors in the traffic: the figures may not be a healthy server's`);
  const growthText = (setting: Setting) => `${round(growth(setting) * 100)} %`;
  const endRatio = sum("fixed mmap threshold", (m) => m.endRss) / sum("glibc's sliding threshold", (m) => m.endRss);
  return writeResults("allocator", [
    {
      name: "server CPU per request, fixed ÷ sliding mmap threshold",
      value: cpuRatio,
      unit: "×",
      budget: 1.1,
      kind: "at-most",
      details: `requests served × ${round(requestsRatio)}`,
    },
    {
      name: "RSS at the end, fixed ÷ sliding mmap threshold",
      value: endRatio,
      unit: "×",
      budget: 1,
      kind: "at-most",
      details: `growth from the warm-up's end ${growthText("fixed mmap threshold")} fixed, ${growthText("glibc's sliding threshold")} sliding (${duration} s after ${warmup} s, ${rounds} rounds; whether it levels off is the soak's to show)`,
    },
  ]);
});
