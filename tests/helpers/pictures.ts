import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/**
 * Small real pictures for upload tests, made with sharp, and the image payload of spec §3
 * (`mime_type` plus base64 without the data-URL prefix).
 */

export interface ImagePayload {
  mime_type: string;
  image: string;
  uuid?: string;
  alt?: string;
}

export type PictureFormat = "png" | "jpeg" | "webp" | "gif";

/** A picture of one colour; the colour makes the bytes unique. */
export function picture(format: PictureFormat, width = 32, height = 24, colour = "#d97706"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

export function payload(
  bytes: Buffer,
  mimeType = "image/png",
  extra: { uuid?: string; alt?: string } = {},
): ImagePayload {
  return { mime_type: mimeType, image: bytes.toString("base64"), ...extra };
}

/** A payload of a fresh PNG picture. */
export async function pngPayload(colour = "#2563eb", width = 40, height = 30): Promise<ImagePayload> {
  return payload(await picture("png", width, height, colour), "image/png");
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a PNG of a few hundred bytes whose header declares `width` × `height`
 * pixels (its data is one compressed row: a decoder that trusted the header would allocate the lot).
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.alloc(1 + width * 3))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A JPEG, `width` wide and `height` high as stored, with an EXIF orientation and a GPS position. */
export function jpegWithExif(width: number, height: number, orientation: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#3a7d44" } })
    .withExif({
      IFD0: { Make: "Utilaje Test", Model: "Camera" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "44/1 26/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "26/1 6/1 0/1" },
    })
    .withMetadata({ orientation })
    .jpeg()
    .toBuffer();
}

/** A PNG of random noise: it does not compress, so its size in bytes is about width × height × 3. */
export function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 60 } },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
