import { randomBytes } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { variantPath } from "../common/media/media-paths.ts";
import { startEmbeddedPostgres } from "../tests/helpers/embedded-postgres.ts";
import { envNumber, runBench, Unavailable, type Cleanup } from "./lib/bench-main.ts";
import { adminHeaders } from "./lib/admin-headers.ts";
import { cpuSeconds } from "./lib/cpu-time.ts";
import { ROOT, requireProductionBuild, startProductionServer } from "./lib/production-server.ts";
import { round, writeResults, type Figure } from "./lib/results.ts";
import { createTempPostgresDatabase } from "./lib/temp-database.ts";

/**
 * What a /media revalidation costs an instance (nginx asks every 10 minutes per picture it keeps,
 * docs/decisions/032-nginx-keeps-a-media-picture-10-minutes-not-the.md and
 * docs/decisions/038-a-media-revalidation-is-answered-from-the.md): the production server of this checkout and of
 * `--baseline DIR` (another checkout's, with its build), on SQLite and on PostgreSQL (embedded),
 * each given one 40-megapixel photo as a product's header picture. Then `BENCH_REVALIDATIONS`
 * (500) requests of the original, one after the other, with its ETag in If-None-Match (each must
 * be a 304), and as many of its 1600 px WebP variant. Figures: the mean time of one revalidation
 * and the server's CPU time per revalidation, current ÷ baseline, medians of `--rounds` (3)
 * rounds that alternate the two builds.
 *
 *   node_modules/.bin/node bench/media-revalidation.ts --baseline /tmp/utilaje-before
 */

const WIDTH = 8000;
const HEIGHT = 5000;

/** A camera-like photo: blurred noise, stored as JPEG (about 3.4 MB). */
async function photo(): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .raw()
    .toBuffer();
  return sharp(noise, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .blur(3)
    .jpeg({ quality: 90, mozjpeg: true })
    .toBuffer();
}

interface Measure {
  /** Mean milliseconds per revalidation. */
  ms: number;
  /** Server CPU milliseconds per revalidation. */
  cpuMs: number;
}

interface Round {
  original: Measure;
  variant: Measure;
  storedBytes: number;
}

async function revalidate(url: string, etag: string, count: number, pid: number): Promise<Measure> {
  const cpuBefore = cpuSeconds(pid) ?? 0;
  const started = performance.now();
  for (let request = 0; request < count; request += 1) {
    const response = await fetch(url, { headers: { "If-None-Match": etag } });
    await response.arrayBuffer();
    if (response.status !== 304) throw new Error(`a revalidation of ${url} got ${response.status}, not 304`);
  }
  const ms = (performance.now() - started) / count;
  return { ms, cpuMs: (((cpuSeconds(pid) ?? 0) - cpuBefore) * 1000) / count };
}

async function measure(
  cleanup: Cleanup,
  root: string,
  databaseUrl: string | undefined,
  picture: Buffer,
  count: number,
): Promise<Round> {
  requireProductionBuild(root);
  const adminPassword = randomBytes(12).toString("hex");
  const server = await startProductionServer(cleanup, {
    dataDir: cleanup.tempDir("utilaje-bench-revalidation-"),
    databaseUrl,
    seedDemo: false,
    adminPassword,
    root,
  });
  try {
    const call = (pathname: string, init: RequestInit = {}) => fetch(`${server.url}${pathname}`, init);
    const headers = await adminHeaders(server.url, adminPassword);
    const category = await call("/api/category/create", {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Bench" }),
    });
    if (category.status !== 201) throw new Error(`could not create the category: ${category.status}`);
    const created = await call("/api/product/create", {
      method: "POST",
      headers,
      body: JSON.stringify({
        model: "Bench",
        category: "Bench",
        header_offer: "<p>Oferta</p>",
        details: "<p>Detalii</p>",
        technical_data: "<p>Date</p>",
        header_photo: { mime_type: "image/jpeg", image: picture.toString("base64") },
        gallery: [],
      }),
    });
    if (created.status !== 201) throw new Error(`could not create the product: ${created.status}`);
    const original = ((await created.json()) as { header_photo: { image: string } }).header_photo.image;
    const first = await call(original);
    const storedBytes = (await first.arrayBuffer()).byteLength;
    // Every variant asked for once: made now if the background has not yet, so that none is being made while measuring.
    for (const width of [320, 640, 800, 1024, 1600])
      for (const format of ["avif", "webp"] as const)
        await (await call(variantPath(original, width, format))).arrayBuffer();
    const variant = variantPath(original, 1600, "webp");
    const variantEtag = (await call(variant)).headers.get("etag") ?? "";
    return {
      original: await revalidate(`${server.url}${original}`, first.headers.get("etag") ?? "", count, server.pid),
      variant: await revalidate(`${server.url}${variant}`, variantEtag, count, server.pid),
      storedBytes,
    };
  } finally {
    await server.stop();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const describe = (round_: Round) =>
  `original ${round(round_.original.ms)} ms (CPU ${round(round_.original.cpuMs)} ms), variant ${round(round_.variant.ms)} ms (CPU ${round(round_.variant.cpuMs)} ms)`;

await runBench(async (cleanup) => {
  const { values } = parseArgs({ options: { baseline: { type: "string" }, rounds: { type: "string", default: "3" } } });
  if (!values.baseline) throw new Unavailable("give the checkout to compare with: --baseline DIR (with its build)");
  const baseline = path.resolve(values.baseline);
  const rounds = Math.max(1, Number(values.rounds));
  const count = envNumber("BENCH_REVALIDATIONS", 500);
  const picture = await photo();
  const cluster = await startEmbeddedPostgres();
  cleanup.add(() => cluster.stop());

  const figures: Figure[] = [];
  for (const dialect of ["sqlite", "postgres"] as const) {
    const results: Record<"baseline" | "current", Round[]> = { baseline: [], current: [] };
    // Rounds alternate between the two builds, so that a change of the machine's load falls on both.
    for (let turn = 1; turn <= rounds; turn += 1) {
      for (const [label, root] of [
        ["baseline", baseline],
        ["current", ROOT],
      ] as const) {
        const databaseUrl =
          dialect === "postgres"
            ? await createTempPostgresDatabase(cleanup, `${cluster.adminUrl}/postgres`)
            : undefined;
        const result = await measure(cleanup, root, databaseUrl, picture, count);
        results[label].push(result);
        console.log(
          `${dialect} round ${turn} ${label}: ${describe(result)}; the original is ${result.storedBytes} bytes`,
        );
      }
    }
    for (const kind of ["original", "variant"] as const) {
      for (const [what, unit] of [
        ["ms", "time"],
        ["cpuMs", "server CPU"],
      ] as const) {
        const current = median(results.current.map((r) => r[kind][what]));
        const before = median(results.baseline.map((r) => r[kind][what]));
        figures.push({
          name: `${dialect}: ${unit} of a 304 revalidation of a 40 MP picture's ${kind === "original" ? "original" : "1600 px WebP variant"}, current ÷ baseline`,
          value: round(current / before),
          unit: "×",
          budget: 1,
          kind: "below",
          details: `${round(current)} ms against ${round(before)} ms, medians of ${rounds} rounds of ${count} revalidations one after the other; baseline ${baseline}`,
        });
      }
    }
  }
  return writeResults("media-revalidation", figures);
});
