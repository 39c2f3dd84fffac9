import { spawnSync } from "node:child_process";
import { parseArgs, promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import { compress } from "../server/http/encoding.ts";
import { unitMallocSettings, withMallocSettings } from "./lib/allocator-settings.ts";
import { runBench } from "./lib/bench-main.ts";
import { round, writeResults, type Figure } from "./lib/results.ts";

/**
 * Decision 40: what brotli costs per reply compressed on the way out (API JSON, uncached pages), with
 * the window fitted to the body (`compress()` now) against the default 22-bit window (before), under
 * glibc's default allocator settings and under the systemd unit's (`MALLOC_*` of docs/operations.md).
 * Each combination runs in its own process (the allocator reads its settings at start), `--calls`
 * compressions of each of three bodies (4, 40 and 150 KB of JSON) through libuv's pool, 4 at a time
 * as a busy server does, and reports the CPU time of the process (pool threads included) and its peak
 * resident memory. Rounds alternate the order.
 *
 *   node bench/reply-compression.ts [--calls N] [--rounds N]
 */

const { values: flags } = parseArgs({
  options: {
    calls: { type: "string", default: "600" },
    rounds: { type: "string", default: "2" },
    child: { type: "string" },
  },
});

type Window = "fitted" | "wide";
interface Measure {
  cpuMs: number;
  maxRssMb: number;
  bytes: number;
}

const SIZES_KB = [4, 40, 150];

function body(kilobytes: number): Uint8Array {
  const rows = [];
  for (let i = 0; rows.length === 0 || JSON.stringify(rows).length < kilobytes * 1024; i++) {
    rows.push({
      uuid: `5f0c${String(i).padStart(4, "0")}-6a1e-4d7e-9b3f-0c5a8e2d41b7`,
      name: `Excavator pe șenile ${i}`,
      weight: 1500 + i * 7,
      available: i % 3 !== 0,
    });
  }
  return new TextEncoder().encode(JSON.stringify(rows));
}

const brotli = promisify(brotliCompress);
/** The call as it was before decision 40: the same quality and mode, brotli's default window. */
const wideWindow = (input: Uint8Array) =>
  brotli(input, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: input.byteLength,
    },
  });

async function child(window: Window, calls: number): Promise<Measure> {
  const coder = window === "fitted" ? (input: Uint8Array) => compress(input, "br", "fast") : wideWindow;
  const bodies = SIZES_KB.map(body);
  let bytes = 0;
  const cpuBefore = process.cpuUsage();
  for (let call = 0; call < calls; call += 4) {
    const coded = await Promise.all(Array.from({ length: 4 }, (_, i) => coder(bodies[(call + i) % bodies.length])));
    bytes += coded.reduce((sum, one) => sum + one.byteLength, 0);
  }
  const cpu = process.cpuUsage(cpuBefore);
  return { cpuMs: (cpu.user + cpu.system) / 1000, maxRssMb: process.resourceUsage().maxRSS / 1024, bytes };
}

if (flags.child) {
  const measure = await child(flags.child as Window, Number(flags.calls));
  console.log(JSON.stringify(measure));
  process.exit(0);
}

const calls = Number(flags.calls);
const rounds = Number(flags.rounds);
const unitMalloc = unitMallocSettings();
const allocators = { "glibc's defaults": {}, "the unit's MALLOC_*": unitMalloc } as const;
type Allocator = keyof typeof allocators;

function run(allocator: Allocator, window: Window): Measure {
  const env = withMallocSettings(process.env, allocators[allocator]);
  const result = spawnSync(process.execPath, [import.meta.filename, "--child", window, "--calls", String(calls)], {
    env,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`the ${window} run under ${allocator} failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as Measure;
}

await runBench(async () => {
  console.log(`unit's allocator settings: ${JSON.stringify(unitMalloc)}; ${calls} calls per run, ${rounds} rounds`);
  const measures = new Map<string, Measure[]>();
  const orders: [Allocator, Window][][] = [];
  for (let i = 0; i < rounds; i++) {
    const order = (Object.keys(allocators) as Allocator[]).flatMap((allocator) =>
      (["wide", "fitted"] as const).map((window): [Allocator, Window] => [allocator, window]),
    );
    orders.push(i % 2 === 0 ? order : order.reverse());
  }
  for (const order of orders) {
    for (const [allocator, window] of order) {
      const measure = run(allocator, window);
      console.log(
        `  ${allocator}, ${window} window: CPU ${round(measure.cpuMs)} ms, peak RSS ${round(measure.maxRssMb)} MB, ${measure.bytes} bytes out`,
      );
      const key = `${allocator}|${window}`;
      measures.set(key, [...(measures.get(key) ?? []), measure]);
    }
  }
  const sum = (key: string, pick: (measure: Measure) => number) =>
    (measures.get(key) ?? []).reduce((total, measure) => total + pick(measure), 0);
  const figures: Figure[] = [];
  for (const allocator of Object.keys(allocators) as Allocator[]) {
    const wide = `${allocator}|wide`;
    const fitted = `${allocator}|fitted`;
    const cpu = sum(fitted, (m) => m.cpuMs) / sum(wide, (m) => m.cpuMs);
    const rss = sum(fitted, (m) => m.maxRssMb) / sum(wide, (m) => m.maxRssMb);
    const size = sum(fitted, (m) => m.bytes) / sum(wide, (m) => m.bytes);
    const perCall = (key: string) => round(sum(key, (m) => m.cpuMs) / (rounds * calls));
    figures.push({
      name: `brotli CPU per reply, fitted ÷ 22-bit window, ${allocator}`,
      value: cpu,
      unit: "×",
      budget: 1,
      kind: "at-most",
      details: `${perCall(fitted)} against ${perCall(wide)} ms per call; peak RSS × ${round(rss)}; bytes out × ${round(size)}`,
    });
  }
  return writeResults("reply-compression", figures);
});
