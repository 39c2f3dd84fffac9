import type { Raw, Sharp, SharpConstructor } from "sharp";
import { IMAGE_PIXEL_LIMIT } from "../../common/fields/field-rules.ts";
import type { VariantFormat } from "../../common/media/media-paths.ts";
import { loadSharp } from "./picture-work.ts";

/**
 * The pictures' encodings, run in a work pool's child (decision 067), the pictures' (./picture-pool.ts):
 * a libvips that deadlocks there (decision 065) is killed with its child at the time limit instead
 * of keeping one of the server's libuv threads. Buffers arrive here, and go back, as Uint8Arrays.
 */

/**
 * What a variant is resized from: a stored original's bytes (a variant made on request), or the
 * pixels of its master (one decoding shared by the background variants of a picture, see
 * ./variants.ts), not premultiplied, 8 bits per channel.
 */
export type VariantInput = Uint8Array | { pixels: Uint8Array; raw: Raw };

function open(sharp: SharpConstructor, input: VariantInput): Sharp {
  return input instanceof Uint8Array
    ? sharp(input, { limitInputPixels: IMAGE_PIXEL_LIMIT })
    : sharp(input.pixels, { raw: input.raw });
}

/**
 * The longest side both formats can hold: WebP's 16 383 px (libheif takes 16 384 for AVIF). A picture
 * taller than that at a variant's width (a 400 × 21 000 one, within the 40 MP limit, at 320 px) is
 * fitted inside it, its proportions kept, rather than refused
 * (docs/decisions/042-a-variant-is-fitted-inside-the-16-383-px-its.md).
 */
const ENCODABLE_SIDE = 16_383;

/**
 * A variant `width` pixels wide. AVIF effort 2 instead of 4: a sixth of the time (0.45 s instead of
 * 2.8 s for 1600 px on a 2-core machine), 8 % more bytes; a cold page's pictures otherwise took
 * tens of seconds to arrive.
 */
export async function encodeVariant({
  input,
  width,
  format,
}: {
  input: VariantInput;
  width: number;
  format: VariantFormat;
}): Promise<Uint8Array> {
  const resized = open(await loadSharp(), input).resize({
    width,
    height: ENCODABLE_SIDE,
    fit: "inside",
    withoutEnlargement: true,
  });
  return format === "avif"
    ? resized.avif({ quality: 50, effort: 2 }).toBuffer()
    : resized.webp({ quality: 75 }).toBuffer();
}

/** The picture decoded once and resized to `width`: the pixels its background variants are made from. */
export async function decodeMaster({
  original,
  width,
}: {
  original: Uint8Array;
  width: number;
}): Promise<{ pixels: Uint8Array; raw: Raw }> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(original, { limitInputPixels: IMAGE_PIXEL_LIMIT })
    .resize({ width, withoutEnlargement: true })
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  return { pixels: data, raw: { width: info.width, height: info.height, channels: info.channels } };
}

/**
 * A picture as a printed document draws it: a JPEG (what every PDF reader draws; WebP and AVIF are
 * not PDF images).
 */
export interface PrintPicture {
  jpeg: Buffer;
  width: number;
  height: number;
}

/**
 * A WebP variant as a JPEG for print, white behind any transparency: run by the spec sheet's own job,
 * in its child (a 640 px picture, a few milliseconds).
 */
export async function printJpeg(webp: Uint8Array): Promise<PrintPicture> {
  const { data, info } = await (
    await loadSharp()
  )(webp)
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 72 })
    .toBuffer({ resolveWithObject: true });
  return { jpeg: data, width: info.width, height: info.height };
}
