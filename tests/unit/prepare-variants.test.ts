import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { VARIANT_FORMATS, VARIANT_WIDTHS } from "../../common/media/media-paths.ts";
import type * as PicturePool from "../../server/media/picture-pool.ts";
import { prepareVariants, variantBytes } from "../../server/media/variants.ts";

/**
 * server/media/variants.ts's background variants (decision 39): one decoding of the original per
 * picture. The seam: sharp itself, wrapped so that every picture it is asked to open is recorded, with
 * the pictures' jobs run in this process (in the server they run in a child, ./picture-pool.ts).
 */

const opened = vi.hoisted(() => ({ inputs: [] as unknown[] }));
vi.mock("sharp", async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof sharp }>()).default;
  const recording = new Proxy(real, {
    apply(target, self, args: unknown[]) {
      opened.inputs.push(args[0]);
      return Reflect.apply(target, self, args) as unknown;
    },
  });
  return { default: recording };
});

// The jobs run here rather than in the pictures' child, so that the seam above sees their sharp.
vi.mock("../../server/media/picture-pool.ts", async (importOriginal) => {
  const real = await importOriginal<typeof PicturePool>();
  const jobs = (await import("../../server/media/picture-jobs.ts")) as unknown as Record<
    string,
    (input: unknown) => Promise<unknown>
  >;
  return {
    ...real,
    pictureJob: (job: { name: string }, input: unknown) => jobs[job.name]?.(input),
    pictureJobReading: async (job: { name: string }, read: () => Promise<unknown>) => {
      const input = await read();
      return input === undefined ? undefined : jobs[job.name]?.(input);
    },
  };
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "utilaje-prepare-"));
  dirs.push(dir);
  return dir;
}

/** A photo-like picture (blurred noise, the same on every run), stored as an upload is. */
async function photo(width = 1700, height = 850): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  let seed = 1;
  for (let index = 0; index < noise.length; index += 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    noise[index] = seed >> 23;
  }
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .blur(2)
    .jpeg({ quality: 90, mozjpeg: true })
    .toBuffer();
}

/** The mean absolute difference of two pictures' channel values (0-255). */
function meanDifference(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let index = 0; index < a.length; index += 1) sum += Math.abs((a[index] ?? 0) - (b[index] ?? 0));
  return sum / a.length;
}

/** A picture's original as the database gives it back, when its turn comes. */
const stored = (bytes: Buffer) => async () => bytes;
const decodings = (original: Buffer) => opened.inputs.filter((input) => input === original).length;
const noError = (error: unknown) => {
  throw error;
};
const everyVariant = (id: string) =>
  VARIANT_WIDTHS.flatMap((width) =>
    VARIANT_FORMATS.map((format) => ({ file: `${id}-${width}w.${format}`, width, format })),
  );

describe("prepareVariants", () => {
  it("makes every variant of a picture from one decoding of its original", async () => {
    const dir = dataDir();
    const original = await photo();
    const id = randomUUID();
    opened.inputs.length = 0;
    await prepareVariants(
      dir,
      [{ id, original: stored(original), width: 1700, height: 850 }],
      async () => true,
      noError,
    );
    expect(readdirSync(path.join(dir, "media-cache")).sort()).toEqual(
      everyVariant(id)
        .map(({ file }) => file)
        .sort(),
    );
    expect(decodings(original)).toBe(1);
  }, 30_000);

  it("gives the variants a request would make: same sizes and formats, as faithful to the picture, within 20 % of the bytes", async () => {
    const background = dataDir();
    const onRequest = dataDir();
    const original = await photo();
    const id = randomUUID();
    await prepareVariants(
      background,
      [{ id, original: stored(original), width: 1700, height: 850 }],
      async () => true,
      noError,
    );
    for (const { width, format } of everyVariant(id)) {
      const made = await variantBytes(background, id, width, format, {
        load: async () => undefined,
        stillStored: async () => true,
      });
      const asked = await variantBytes(onRequest, id, width, format, {
        load: async () => original,
        stillStored: async () => true,
      });
      if (!made || !asked) throw new Error("a variant is missing");
      const [mine, theirs] = await Promise.all([made, asked].map((bytes) => sharp(bytes).metadata()));
      expect({ format: mine?.format, width: mine?.width, height: mine?.height }).toEqual({
        format: theirs?.format,
        width: theirs?.width,
        height: theirs?.height,
      });
      // Against the picture resized without loss: the background variant strays no further from it than the one made on
      // request.
      const exact = await sharp(original).resize({ width }).raw().toBuffer();
      const [madeError, askedError] = await Promise.all(
        [made, asked].map(async (bytes) => meanDifference(await sharp(bytes).raw().toBuffer(), exact)),
      );
      expect(madeError).toBeLessThan(askedError * 1.05);
      expect(made.length / asked.length).toBeGreaterThan(0.8);
      expect(made.length / asked.length).toBeLessThan(1.2);
      // The master is the largest variant's pixels: that one is the same file either way.
      if (width === 1600) expect(made.equals(asked)).toBe(true);
    }
  }, 60_000);

  it("makes the variants of a picture too tall for a small master from its original, one decoding each", async () => {
    const dir = dataDir();
    // A master of 1600 × 5271 would take 33.7 MB at 4 channels.
    const original = await sharp({ create: { width: 1700, height: 5600, channels: 3, background: "#d97706" } })
      .jpeg()
      .toBuffer();
    opened.inputs.length = 0;
    await prepareVariants(
      dir,
      [{ id: randomUUID(), original: stored(original), width: 1700, height: 5600 }],
      async () => true,
      noError,
    );
    expect(readdirSync(path.join(dir, "media-cache"))).toHaveLength(10);
    expect(decodings(original)).toBe(10);
  }, 30_000);

  it("fits the variants made from a master inside the 16 383 px the formats can hold", async () => {
    const dir = dataDir();
    // A master of 300 × 20 000 (24 MB at 4 channels) is kept; a variant at its own width would be 20 000 px tall.
    const original = await sharp({ create: { width: 300, height: 20_000, channels: 3, background: "#d97706" } })
      .png()
      .toBuffer();
    const id = randomUUID();
    opened.inputs.length = 0;
    await prepareVariants(
      dir,
      [{ id, original: stored(original), width: 300, height: 20_000 }],
      async () => true,
      noError,
    );
    expect(decodings(original)).toBe(1);
    for (const format of VARIANT_FORMATS) {
      const metadata = await sharp(path.join(dir, "media-cache", `${id}-320w.${format}`)).metadata();
      expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 246, height: 16_383 });
    }
  }, 30_000);

  it("decodes nothing when every variant is already on disk", async () => {
    const dir = dataDir();
    const original = await photo(600, 400);
    const id = randomUUID();
    await prepareVariants(
      dir,
      [{ id, original: stored(original), width: 600, height: 400 }],
      async () => true,
      noError,
    );
    opened.inputs.length = 0;
    await prepareVariants(
      dir,
      [{ id, original: stored(original), width: 600, height: 400 }],
      async () => true,
      noError,
    );
    expect(decodings(original)).toBe(0);
  }, 30_000);

  it("leaves a picture deleted before its turn, without decoding it", async () => {
    const dir = dataDir();
    const original = await photo(600, 400);
    opened.inputs.length = 0;
    await prepareVariants(
      dir,
      [{ id: randomUUID(), original: stored(original), width: 600, height: 400 }],
      async () => false,
      noError,
    );
    expect(decodings(original)).toBe(0);
    expect(existsSync(path.join(dir, "media-cache"))).toBe(false);
  });

  it("reports a picture that cannot be decoded once, and goes on with the next", async () => {
    const dir = dataDir();
    const broken = { id: randomUUID(), original: stored(Buffer.from("not a picture")), width: 1700, height: 850 };
    const next = { id: randomUUID(), original: stored(await photo(300, 200)), width: 300, height: 200 };
    const failures: string[] = [];
    await prepareVariants(
      dir,
      [broken, next],
      async () => true,
      (_error, imageId) => failures.push(imageId),
    );
    expect(failures).toEqual([broken.id]);
    expect(readdirSync(path.join(dir, "media-cache")).sort()).toEqual([`${next.id}-320w.avif`, `${next.id}-320w.webp`]);
  });

  it("reads each picture's original from the database at its turn: the next one's once the one before has its variants", async () => {
    const dir = dataDir();
    const first = { id: randomUUID(), width: 300, height: 200 };
    const second = { id: randomUUID(), width: 300, height: 200 };
    const reads: { id: string; variantsOnDisk: number }[] = [];
    const reading = (id: string, bytes: Buffer) => async () => {
      reads.push({
        id,
        variantsOnDisk: existsSync(path.join(dir, "media-cache"))
          ? readdirSync(path.join(dir, "media-cache")).length
          : 0,
      });
      return bytes;
    };
    const [firstBytes, secondBytes] = await Promise.all([photo(300, 200), photo(300, 200)]);
    await prepareVariants(
      dir,
      [
        { ...first, original: reading(first.id, firstBytes) },
        { ...second, original: reading(second.id, secondBytes) },
      ],
      async () => true,
      noError,
    );
    expect(reads).toEqual([
      { id: first.id, variantsOnDisk: 0 },
      { id: second.id, variantsOnDisk: 2 },
    ]);
  });
});
