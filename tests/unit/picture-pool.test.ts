import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { picturePool } from "../../server/media/picture-pool.ts";
import { variantBytes, type VariantSource } from "../../server/media/variants.ts";
import { WorkNotDone } from "../../server/work/work-pool.ts";

/**
 * server/media/picture-pool.ts: a variant is encoded in the pictures' child process, not in this
 * one, and a child killed mid-encoding (as the time limit kills a deadlocked libvips, decision 065)
 * costs that variant alone: the next is made by a new child.
 */

const dir = mkdtempSync(path.join(tmpdir(), "utilaje-picture-pool-"));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Noise (it cannot be encoded in a moment) of `width` × `height`, as a PNG. */
async function noisy(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let index = 0; index < pixels.length; index += 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    pixels[index] = seed >> 23;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

const sourceOf = (bytes: Buffer): VariantSource => ({ load: async () => bytes, stillStored: async () => true });

describe("the pictures' work pool", () => {
  it("encodes a variant in a child; one killed mid-encoding fails that variant, and a new child makes the next", async () => {
    const big = sourceOf(await noisy(3000, 2000));
    const first = variantBytes(dir, randomUUID(), 1600, "avif", big);
    const outcome = first.then(
      () => "made",
      (error: unknown) => (error instanceof WorkNotDone ? error.reason : String(error)),
    );
    await expect.poll(() => picturePool.pids.length, { timeout: 10_000, interval: 1 }).toBe(1);
    const [child] = picturePool.pids;
    if (child === undefined) throw new Error("no child");
    expect(child).not.toBe(process.pid);
    process.kill(child, "SIGKILL");
    expect(await outcome).toBe("stopped");

    const next = await variantBytes(dir, randomUUID(), 320, "webp", sourceOf(await noisy(400, 300)));
    expect((await sharp(next).metadata()).format).toBe("webp");
    expect(picturePool.pids).toHaveLength(1);
    expect(picturePool.pids[0]).not.toBe(child);
  });
});
