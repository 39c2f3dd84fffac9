import { randomBytes } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { IMAGE_PIXEL_LIMIT } from "../common/field-rules.ts";
import { envNumber, runBench, type Cleanup } from "./lib/bench-main.ts";
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
  for (let row = 0; row < HEIGHT; row += 1) file.fill((row + seed) % 7 === 0 ? 0xaa : 0x0f, offset + row * stride, offset + (row + 1) * stride);
  return file;
}

async function png(seed: number): Promise<Buffer> {
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: { r: seed * 40, g: 120, b: 200 } } }).png({ compressionLevel: 1 }).toBuffer();
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

interface Measure {
  slowest: number;
  p50: number;
  p99: number;
  checks: number;
  seconds: number;
}

async function measure(cleanup: Cleanup, root: string, count: number): Promise<Measure> {
  requireProductionBuild(root);
  const adminPassword = randomBytes(12).toString("hex");
  const server = await startProductionServer(cleanup, { dataDir: cleanup.tempDir("utilaje-bench-ingest-"), seedDemo: false, adminPassword, root });
  const call = (pathname: string, init: RequestInit = {}) => fetch(`${server.url}${pathname}`, init);
  const login = (await (await call("/api/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: adminPassword }),
  })).json()) as { token: string };
  const headers = { "Content-Type": "application/json", Authorization: `Bearer ${login.token}` };
  const category = await call("/api/category/create", { method: "POST", headers, body: JSON.stringify({ name: "Bench" }) });
  if (category.status !== 201) throw new Error(`could not create the category: ${category.status}`);

  const pictures = await Promise.all(
    Array.from({ length: count }, async (_, index) =>
      index % 2 === 0 ? { mime: "image/bmp", bytes: bitmap(index) } : { mime: "image/png", bytes: await png(index) },
    ),
  );
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

  const latencies: number[] = [];
  let uploading = true;
  const uploads = Promise.all(bodies.map((body) => call("/api/product/create", { method: "POST", headers, body }).then((response) => response.status)))
    .finally(() => (uploading = false));
  const started = performance.now();
  while (uploading) {
    const sent = performance.now();
    const health = await call("/healthz");
    await health.arrayBuffer();
    latencies.push(performance.now() - sent);
  }
  const statuses = await uploads;
  if (statuses.some((status) => status !== 201)) throw new Error(`an upload failed: ${statuses.join(", ")}`);
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    slowest: sorted.at(-1) ?? 0,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    checks: latencies.length,
    seconds: (performance.now() - started) / 1000,
  };
}

const describe = (m: Measure) =>
  `${m.checks} health checks over ${round(m.seconds)} s of uploads; slowest ${round(m.slowest)} ms, p50 ${round(m.p50)} ms, p99 ${round(m.p99)} ms`;

await runBench(async (cleanup) => {
  const { values } = parseArgs({ options: { baseline: { type: "string" } } });
  const count = envNumber("BENCH_PICTURES", 6);
  const baseline = values.baseline ? await measure(cleanup, path.resolve(values.baseline), count) : undefined;
  if (baseline) console.log(`baseline: ${describe(baseline)}`);
  const current = await measure(cleanup, ROOT, count);
  console.log(`current:  ${describe(current)}`);
  const comparison = baseline ? `; baseline (${values.baseline}): ${describe(baseline)}; slowest current ÷ baseline = ${round(current.slowest / baseline.slowest)}` : "";
  return writeResults("healthz-under-ingest", [
    {
      name: `slowest /healthz while ${count} pictures of ${IMAGE_PIXEL_LIMIT / 1e6} MP are ingested`,
      value: round(current.slowest),
      unit: "ms",
      budget: BUDGET_MS,
      kind: "below",
      details: `${describe(current)}${comparison}`,
    },
  ]);
});
