import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { variantBytes, type VariantSource } from "../../server/media/variants.ts";

/** server/media/variants.ts when its picture or its data directory goes away while a variant is made. */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "utilaje-variants-"));
  dirs.push(dir);
  return dir;
}

const original = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#2563eb" } })
    .png()
    .toBuffer();
const source = async (stillStored: boolean): Promise<VariantSource> => {
  const bytes = await original();
  return { load: async () => bytes, stillStored: async () => stillStored };
};

describe("variantBytes", () => {
  it("serves a variant whose data directory was removed meanwhile, without creating it again", async () => {
    const dir = dataDir();
    rmSync(dir, { recursive: true });
    const bytes = await variantBytes(dir, randomUUID(), 320, "webp", await source(true));
    expect((await sharp(bytes).metadata()).format).toBe("webp");
    expect(existsSync(dir)).toBe(false);
  });

  it("gives nothing for a picture deleted while its variant was made, and keeps no file of it", async () => {
    const dir = dataDir();
    expect(await variantBytes(dir, randomUUID(), 320, "avif", await source(false))).toBeUndefined();
    expect(readdirSync(path.join(dir, "media-cache"))).toEqual([]);
  });

  it("gives nothing for a picture gone before its original is read", async () => {
    const dir = dataDir();
    expect(
      await variantBytes(dir, randomUUID(), 320, "webp", {
        load: async () => undefined,
        stillStored: async () => false,
      }),
    ).toBeUndefined();
    expect(existsSync(path.join(dir, "media-cache"))).toBe(false);
  });
});
