import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { z } from "zod";
import { IMAGE_PIXEL_LIMIT } from "../common/fields/field-rules.ts";
import { runBench, Unavailable, type Cleanup } from "./lib/bench-main.ts";
import { ROOT } from "./lib/production-server.ts";
import { round, writeResults, type Figure } from "./lib/results.ts";

/**
 * What the background variants of one new 40-megapixel picture cost
 * (docs/decisions/039-the-background-variants-of-a-picture-come-from.md): all ten (five widths, AVIF and WebP) made by
 * `prepareVariants` of this checkout and of
 * `--baseline DIR` (another checkout; its node_modules may be a link to this one's), each run in a
 * process of its own (bench/lib/prepare-variants-child.ts), `--rounds` (3) rounds alternating the
 * two. Two pictures as uploads are stored: a camera-like JPEG and a PNG (what a BMP becomes).
 * Figures: the CPU time (every thread) and the wall time, current ÷ baseline, medians of the
 * rounds; the peak memory of each process is in the details.
 *
 *   node_modules/.bin/node bench/picture-variants.ts --baseline /tmp/utilaje-before
 */

const WIDTH = 8000;
const HEIGHT = IMAGE_PIXEL_LIMIT / WIDTH;

const measureSchema = z.object({ wallMs: z.number(), cpuMs: z.number(), peakMb: z.number(), files: z.number() });
type Measure = z.infer<typeof measureSchema>;

/**
 * A camera-like photo (blurred noise) as JPEG, about 3.4 MB, and a striped PNG (a drawing, as a BMP
 * upload is stored).
 */
async function pictures(cleanup: Cleanup): Promise<{ label: string; file: string }[]> {
  const dir = cleanup.tempDir("utilaje-bench-pictures-");
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
  const jpeg = await sharp(noise, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .blur(3)
    .jpeg({ quality: 90, mozjpeg: true })
    .toBuffer();
  const stripes = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let row = 0; row < HEIGHT; row += 1)
    stripes.fill(row % 7 === 0 ? 0x20 : 0xd0 - (row % 64), row * WIDTH * 3, (row + 1) * WIDTH * 3);
  const png = await sharp(stripes, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return [
    { label: `JPEG (${round(jpeg.length / 1e6)} MB)`, file: write(dir, "photo.jpg", jpeg) },
    { label: `PNG (${round(png.length / 1e6)} MB)`, file: write(dir, "drawing.png", png) },
  ];
}

function write(dir: string, name: string, bytes: Buffer): string {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

function measure(root: string, file: string): Promise<Measure> {
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, "lib", "prepare-variants-child.ts"), root, file, String(WIDTH), String(HEIGHT)],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => {
      if (code !== 0) reject(new Error(`the measure in ${root} failed (exit ${code})`));
      else resolve(measureSchema.parse(JSON.parse(output)));
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const describe = (m: Measure) =>
  `CPU ${round(m.cpuMs)} ms, wall ${round(m.wallMs)} ms, peak ${round(m.peakMb)} MB, ${m.files} files`;

await runBench(async (cleanup) => {
  const { values } = parseArgs({ options: { baseline: { type: "string" }, rounds: { type: "string", default: "3" } } });
  if (!values.baseline) throw new Unavailable("give the checkout to compare with: --baseline DIR");
  const baseline = path.resolve(values.baseline);
  const rounds = Math.max(1, Number(values.rounds));
  const figures: Figure[] = [];
  for (const { label, file } of await pictures(cleanup)) {
    const results: Record<"baseline" | "current", Measure[]> = { baseline: [], current: [] };
    for (let turn = 1; turn <= rounds; turn += 1) {
      for (const [which, root] of [
        ["baseline", baseline],
        ["current", ROOT],
      ] as const) {
        const result = await measure(root, file);
        if (result.files !== 10) throw new Error(`${which} made ${result.files} variants, not 10`);
        results[which].push(result);
        console.log(`${label} round ${turn} ${which}: ${describe(result)}`);
      }
    }
    for (const [what, name] of [
      ["cpuMs", "CPU time"],
      ["wallMs", "wall time"],
    ] as const) {
      const current = median(results.current.map((m) => m[what]));
      const before = median(results.baseline.map((m) => m[what]));
      figures.push({
        name: `${name} of the ten background variants of a 40 MP ${label}, current ÷ baseline`,
        value: round(current / before),
        unit: "×",
        budget: 1,
        kind: "below",
        details:
          `${round(current)} ms against ${round(before)} ms, medians of ${rounds} rounds; peak memory of the process ` +
          `${round(median(results.current.map((m) => m.peakMb)))} MB against ${round(median(results.baseline.map((m) => m.peakMb)))} MB; baseline ${baseline}`,
      });
    }
  }
  return writeResults("picture-variants", figures);
});
