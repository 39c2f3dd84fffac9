import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * One measure of bench/picture-variants.ts, in a process of its own (so that its peak memory is its
 * own): the background variants of one picture made by the `prepareVariants` of the checkout
 * `root`, into a temporary data directory. Arguments: root, picture file, the picture's width and height.
 * Prints one JSON line: wall and CPU milliseconds of that call (CPU of every thread: libvips'
 * included), the process's peak resident memory in MB, and the number of files made.
 */

/**
 * A picture as both signatures take it: this checkout's reads its original when its turn comes
 * (`original`), a baseline from before decision 095's last step held its bytes (`bytes`).
 */
type Prepare = (
  dataDir: string,
  images: readonly {
    id: string;
    bytes: Uint8Array;
    original: () => Promise<Uint8Array>;
    width: number;
    height: number;
  }[],
  stillStored: (imageId: string) => Promise<boolean>,
  onError: (error: unknown, imageId: string) => void,
) => Promise<void>;

const [root = "", pictureFile = "", widthText = "", heightText = ""] = process.argv.slice(2);
const { prepareVariants } = (await import(pathToFileURL(path.join(root, "server", "media", "variants.ts")).href)) as {
  prepareVariants: Prepare;
};
const bytes = readFileSync(pictureFile);
const dataDir = mkdtempSync(path.join(tmpdir(), "utilaje-bench-variants-"));
try {
  const failures: unknown[] = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  await prepareVariants(
    dataDir,
    [{ id: randomUUID(), bytes, original: async () => bytes, width: Number(widthText), height: Number(heightText) }],
    async () => true,
    (error) => failures.push(error),
  );
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  if (failures.length > 0) throw failures[0];
  const files = readdirSync(path.join(dataDir, "media-cache")).length;
  console.log(
    JSON.stringify({
      wallMs,
      cpuMs: (used.user + used.system) / 1000,
      peakMb: process.resourceUsage().maxRSS / 1024,
      files,
    }),
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
