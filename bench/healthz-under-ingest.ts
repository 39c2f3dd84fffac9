import { randomBytes } from "node:crypto";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { IMAGE_PIXEL_LIMIT } from "../common/fields/field-rules.ts";
import { envNumber, runBench, type Cleanup } from "./lib/bench-main.ts";
import { adminHeaders } from "./lib/admin-headers.ts";
import { cpuSeconds } from "./lib/cpu-time.ts";
import { startProber } from "./lib/health-prober.ts";
import { ROOT, requireProductionBuild, startProductionServer } from "./lib/production-server.ts";
import { round, writeResults } from "./lib/results.ts";

/**
 * The security review's budget: GET /healthz answers within 100 ms while six 40-megapixel pictures
 * are being ingested. Half are 1-bit BMPs (decoded by our own code, in worker threads), half PNGs
 * (decoded by sharp, in libvips' threads); all six are sent at once as product header pictures,
 * and /healthz is called one request after the other until the last upload has been answered. The
 * figure is the slowest health check of that time; p50 and p99 are in the details.
 * `--baseline DIR` measures another checkout's production build the same way first (for example
 * the commit before BMP decoding moved to worker threads), and the details give the ratio.
 */

const BUDGET_MS = 100;
const WIDTH = 8000;
const HEIGHT = IMAGE_PIXEL_LIMIT / WIDTH;

/** A 1-bit BMP, 5 000 000 bytes of pixels: the largest picture our BMP decoder is given (40 MP in 5 MB). */
function bitmap(seed: number): Buffer {
  const stride = Math.ceil(WIDTH / 32) * 4;
  const offset = 14 + 40 + 8;
  const file = Buffer.alloc(offset + stride * HEIGHT);
  file.write("BM", 0, "latin1");
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(offset, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(WIDTH, 18);
  file.writeInt32LE(HEIGHT, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(1, 28);
  file.writeUInt32LE(stride * HEIGHT, 34);
  file.writeUInt32LE(2, 46);
  file.set([0, 0, 0, 0, 255, 255, 255, 0], 54);
  // Stripes, so that the PNG it becomes is not trivially small.
  for (let row = 0; row < HEIGHT; row += 1)
    file.fill((row + seed) % 7 === 0 ? 0xaa : 0x0f, offset + row * stride, offset + (row + 1) * stride);
  return file;
}

async function png(seed: number): Promise<Buffer> {
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: { r: seed * 40, g: 120, b: 200 } } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

interface Probes {
  slowest: number;
  p50: number;
  p99: number;
  checks: number;
}

function summarize(latencies: number[]): Probes {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    slowest: sorted.at(-1) ?? 0,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    checks: sorted.length,
  };
}

interface Measure {
  /** /healthz with no upload under way, for FLOOR_SECONDS: what this machine's own load costs. */
  floor: Probes;
  /** /healthz while the uploads are under way. */
  ingest: Probes;
  /** From the first upload sent to the last one answered. */
  seconds: number;
  /** CPU seconds the server used over that time (user + system). */
  serverCpu: number | undefined;
}

type Upload = { mime: string; bytes: Buffer };

/** The wait between the server's start and the uploads, with /healthz probed as during them. */
const FLOOR_SECONDS = envNumber("BENCH_FLOOR_SECONDS", 5);

async function measure(cleanup: Cleanup, root: string, pictures: readonly Upload[]): Promise<Measure> {
  requireProductionBuild(root);
  const adminPassword = randomBytes(12).toString("hex");
  const server = await startProductionServer(cleanup, {
    dataDir: cleanup.tempDir("utilaje-bench-ingest-"),
    seedDemo: false,
    adminPassword,
    root,
  });
  const call = (pathname: string, init: RequestInit = {}) => fetch(`${server.url}${pathname}`, init);
  const headers = await adminHeaders(server.url, adminPassword);
  const category = await call("/api/category/create", {
    method: "POST",
    headers,
    body: JSON.stringify({ name: "Bench" }),
  });
  if (category.status !== 201) throw new Error(`could not create the category: ${category.status}`);
  const bodies = pictures.map(({ mime, bytes }, index) =>
    JSON.stringify({
      model: `Bench ${index}`,
      category: "Bench",
      header_offer: "<p>Oferta</p>",
      details: "<p>Detalii</p>",
      technical_data: "<p>Date</p>",
      header_photo: { mime_type: mime, image: bytes.toString("base64") },
      gallery: [],
    }),
  );

  const floorProber = startProber(`${server.url}/healthz`);
  await setTimeout(FLOOR_SECONDS * 1000);
  const floor = summarize(await floorProber.stop());

  const prober = startProber(`${server.url}/healthz`);
  const cpuBefore = cpuSeconds(server.pid);
  const started = performance.now();
  const statuses = await Promise.all(
    bodies.map((body) =>
      call("/api/product/create", { method: "POST", headers, body }).then((response) => response.status),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuSeconds(server.pid);
  const ingest = summarize(await prober.stop());
  // Stopped now: its variants are still being made in the background, which would load the next measure.
  await server.stop();
  if (statuses.some((status) => status !== 201)) throw new Error(`an upload failed: ${statuses.join(", ")}`);
  const serverCpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  return { floor, ingest, seconds, serverCpu };
}

const probes = (p: Probes) =>
  `slowest ${round(p.slowest)} ms, p99 ${round(p.p99)} ms, p50 ${round(p.p50)} ms (${p.checks} checks)`;
const describe = (m: Measure) =>
  `uploads answered in ${round(m.seconds)} s (server CPU ${m.serverCpu === undefined ? "?" : round(m.serverCpu)} s); ` +
  `during them ${probes(m.ingest)}; idle floor ${probes(m.floor)}`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

await runBench(async (cleanup) => {
  const { values } = parseArgs({ options: { baseline: { type: "string" }, rounds: { type: "string", default: "1" } } });
  const count = envNumber("BENCH_PICTURES", 6);
  const rounds = Math.max(1, Number(values.rounds));
  const pictures = await Promise.all(
    Array.from({ length: count }, async (_, index): Promise<Upload> =>
      index % 2 === 0 ? { mime: "image/bmp", bytes: bitmap(index) } : { mime: "image/png", bytes: await png(index) },
    ),
  );
  const baselines: Measure[] = [];
  const currents: Measure[] = [];
  // Rounds alternate between the two builds, so that a change of the machine's load falls on both.
  for (let turn = 1; turn <= rounds; turn += 1) {
    if (values.baseline) {
      const baseline = await measure(cleanup, path.resolve(values.baseline), pictures);
      baselines.push(baseline);
      console.log(`round ${turn} baseline: ${describe(baseline)}`);
    }
    const current = await measure(cleanup, ROOT, pictures);
    currents.push(current);
    console.log(`round ${turn} current:  ${describe(current)}`);
  }
  const slowest = median(currents.map((m) => m.ingest.slowest));
  const ratios =
    baselines.length === 0
      ? ""
      : `; current ÷ baseline (${values.baseline}), medians of ${rounds} round(s): slowest ${round(slowest / median(baselines.map((m) => m.ingest.slowest)))}, ` +
        `p99 ${round(median(currents.map((m) => m.ingest.p99)) / median(baselines.map((m) => m.ingest.p99)))}, ` +
        `upload time ${round(median(currents.map((m) => m.seconds)) / median(baselines.map((m) => m.seconds)))}`;
  return writeResults("healthz-under-ingest", [
    {
      name: `slowest /healthz while ${count} pictures of ${IMAGE_PIXEL_LIMIT / 1e6} MP are ingested${rounds > 1 ? ` (median of ${rounds} rounds)` : ""}`,
      value: round(slowest),
      unit: "ms",
      budget: BUDGET_MS,
      kind: "below",
      details: `${currents.map(describe).join(" | ")}${ratios}`,
    },
  ]);
});
