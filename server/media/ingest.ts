import type { Sharp } from "sharp";
import { IMAGE_PIXEL_LIMIT, base64DecodedLength } from "../../common/fields/field-rules.ts";
import { isBmp } from "./bmp.ts";
import { decodeBmpOffThread } from "./bmp-pool.ts";
import { loadSharp, pictureWork } from "./picture-work.ts";

/**
 * Turns an uploaded picture (base64, spec §3) into what is stored: the type is decided by the
 * content, never by the declared mime type; the size is checked before decoding and the pixel count
 * before any pixel is allocated; metadata (EXIF, GPS, comments) is dropped after the EXIF
 * orientation is applied; the result is re-encoded once in its own format family. BMP, which browsers
 * handle poorly and sharp cannot read, is decoded by ./bmp.ts in a worker thread (./bmp-pool.ts) and
 * stored as PNG (lossless). Nothing here decodes pixels on the event loop: sharp works in libvips' threads.
 * Pictures are made one after the other (./picture-work.ts), so that they leave a core to the event loop.
 */

export interface IngestedImage {
  mime_type: string;
  bytes: Buffer;
  byte_size: number;
  width: number;
  height: number;
}

export type RejectionReason = "invalid" | "too-large";

export class ImageRejected extends Error {
  readonly reason: RejectionReason;
  constructor(reason: RejectionReason, detail: string) {
    super(detail);
    this.reason = reason;
  }
}

type Family = "jpeg" | "png" | "gif" | "webp" | "bmp";
type StoredFamily = Exclude<Family, "bmp">;

/** The family a file claims by its first bytes; sharp must then agree when it reads it. */
export function sniffFamily(bytes: Uint8Array): Family | undefined {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0xff, 0xd8, 0xff)) return "jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return "gif";
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString("latin1");
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (isBmp(bytes)) return "bmp";
  return undefined;
}

const encoders: Record<StoredFamily, { mime: string; encode: (image: Sharp) => Sharp }> = {
  jpeg: { mime: "image/jpeg", encode: (image) => image.jpeg({ quality: 90, mozjpeg: true }) },
  png: { mime: "image/png", encode: (image) => image.png({ compressionLevel: 9, adaptiveFiltering: true }) },
  webp: { mime: "image/webp", encode: (image) => image.webp({ quality: 90 }) },
  // Only the first frame is kept: every picture here is a still photo of a machine.
  gif: { mime: "image/gif", encode: (image) => image.gif() },
};

/** sharp's own refusal of a canvas larger than limitInputPixels. */
function exceedsPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

async function openPicture(bytes: Buffer, family: Family): Promise<{ image: Sharp; output: StoredFamily }> {
  const sharp = await loadSharp();
  if (family === "bmp") {
    const decoded = await decodeBmpOffThread(bytes, IMAGE_PIXEL_LIMIT);
    if (!decoded.ok) {
      throw decoded.reason === "too-many-pixels"
        ? new ImageRejected("too-large", "BMP over the pixel limit")
        : new ImageRejected("invalid", "unsupported or damaged BMP");
    }
    const { width, height, channels, data } = decoded.pixels;
    return { image: sharp(data, { raw: { width, height, channels } }), output: "png" };
  }
  const image = sharp(bytes, { limitInputPixels: IMAGE_PIXEL_LIMIT, pages: 1 });
  try {
    // Reads the header only: a canvas over the limit is refused here, before decoding.
    const metadata = await image.metadata();
    if (metadata.format !== family)
      throw new ImageRejected("invalid", `content is ${metadata.format}, header says ${family}`);
  } catch (error) {
    if (error instanceof ImageRejected) throw error;
    throw exceedsPixelLimit(error)
      ? new ImageRejected("too-large", "over the pixel limit")
      : new ImageRejected("invalid", "not a readable picture");
  }
  return { image, output: family };
}

/** Decodes, checks and re-encodes one upload. Throws ImageRejected for anything that is not a usable picture. */
export async function ingestImage(base64: string, maxBytes: number): Promise<IngestedImage> {
  if (base64.length === 0 || base64.length % 4 !== 0) throw new ImageRejected("invalid", "not base64");
  if (base64DecodedLength(base64) > maxBytes) throw new ImageRejected("too-large", "over the size limit");
  return pictureWork(() => {
    // The payload's schema has checked the alphabet (isStrictBase64, a full pass over the text on the
    // event loop); here the decoder's output only has to be as long as the text promises, which it is
    // not when the lenient decoder skipped a character. One pass, not two, per 7 MB picture.
    const bytes = Buffer.from(base64, "base64");
    if (bytes.length !== base64DecodedLength(base64)) throw new ImageRejected("invalid", "not base64");
    return checkAndEncode(bytes);
  });
}

/** The same checks and encoding for a picture that arrives as bytes (a spreadsheet import's ZIP). */
export async function ingestImageBytes(bytes: Buffer, maxBytes: number): Promise<IngestedImage> {
  if (bytes.length === 0) throw new ImageRejected("invalid", "empty");
  if (bytes.length > maxBytes) throw new ImageRejected("too-large", "over the size limit");
  return pictureWork(() => checkAndEncode(bytes));
}

async function checkAndEncode(bytes: Buffer): Promise<IngestedImage> {
  const family = sniffFamily(bytes);
  if (!family) throw new ImageRejected("invalid", "not an accepted picture type");
  const { image, output } = await openPicture(bytes, family);
  const encoder = encoders[output];
  try {
    // rotate() without an angle applies the EXIF orientation; sharp writes no metadata unless asked.
    const { data, info } = await encoder.encode(image.rotate()).toBuffer({ resolveWithObject: true });
    return { mime_type: encoder.mime, bytes: data, byte_size: data.length, width: info.width, height: info.height };
  } catch (error) {
    throw exceedsPixelLimit(error)
      ? new ImageRejected("too-large", "over the pixel limit")
      : new ImageRejected("invalid", "the picture could not be decoded");
  }
}
