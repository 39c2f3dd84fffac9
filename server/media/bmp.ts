/**
 * A small, bounds-checked BMP decoder: spec §5 lets the gallery take BMP files, and sharp (libvips
 * without ImageMagick) cannot read them. It reads the uncompressed kinds that editors and cameras
 * write (1, 4, 8 bits with a palette; 16, 24, 32 bits, plain or with bit fields; bottom-up or
 * top-down) into raw pixels, which the caller re-encodes. RLE, embedded JPEG/PNG and the OS/2
 * header are refused. Every offset is checked against the buffer before it is read, and the pixel
 * count against the limit before anything is allocated.
 */

export interface RawPixels {
  width: number;
  height: number;
  channels: 3 | 4;
  data: Buffer;
}

export type BmpResult = { ok: true; pixels: RawPixels } | { ok: false; reason: "invalid" | "too-many-pixels" };

const FILE_HEADER_SIZE = 14;
const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;
/** BITMAPINFOHEADER and its later versions (V2, V3, V4, V5): they share the first 40 bytes. */
const INFO_HEADER_SIZES = new Set([40, 52, 56, 108, 124]);

export function isBmp(bytes: Uint8Array): boolean {
  return bytes.length >= FILE_HEADER_SIZE + 40 && bytes[0] === 0x42 && bytes[1] === 0x4d;
}

interface Channel {
  mask: number;
  shift: number;
  max: number;
}

function channel(mask: number): Channel | undefined {
  if (mask === 0) return { mask: 0, shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  const bits = (mask >>> shift).toString(2);
  // Contiguous masks only, as every writer produces.
  if (!/^1+$/.test(bits) || bits.length > 16) return undefined;
  return { mask, shift, max: 2 ** bits.length - 1 };
}

function scaled(value: number, { mask, shift, max }: Channel, absent: number): number {
  if (max === 0) return absent;
  return Math.round((((value & mask) >>> shift) * 255) / max);
}

const invalid: BmpResult = { ok: false, reason: "invalid" };

export function decodeBmp(bytes: Uint8Array, pixelLimit: number): BmpResult {
  if (!isBmp(bytes)) return invalid;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pixelOffset = view.getUint32(10, true);
  const headerSize = view.getUint32(14, true);
  if (!INFO_HEADER_SIZES.has(headerSize) || FILE_HEADER_SIZE + headerSize > bytes.length) return invalid;
  const width = view.getInt32(18, true);
  const signedHeight = view.getInt32(22, true);
  const planes = view.getUint16(26, true);
  const bitsPerPixel = view.getUint16(28, true);
  const compression = view.getUint32(30, true);
  const coloursUsed = view.getUint32(46, true);
  const height = Math.abs(signedHeight);
  const topDown = signedHeight < 0;
  if (planes !== 1 || width <= 0 || height <= 0 || signedHeight === -2147483648) return invalid;
  if (width * height > pixelLimit) return { ok: false, reason: "too-many-pixels" };

  const stride = Math.floor((bitsPerPixel * width + 31) / 32) * 4;
  if (pixelOffset < FILE_HEADER_SIZE + headerSize || pixelOffset + stride * height > bytes.length) return invalid;

  let masks: [red: number, green: number, blue: number, alpha: number];
  if (compression === BI_RGB) {
    masks = bitsPerPixel === 16 ? [0x7c00, 0x03e0, 0x001f, 0] : [0x00ff0000, 0x0000ff00, 0x000000ff, 0];
  } else if (
    (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) &&
    (bitsPerPixel === 16 || bitsPerPixel === 32)
  ) {
    // The masks follow a 40-byte header, or sit inside the longer ones at the same place.
    const count = compression === BI_ALPHABITFIELDS || headerSize >= 56 ? 4 : 3;
    const at = FILE_HEADER_SIZE + 40;
    if (at + count * 4 > pixelOffset) return invalid;
    masks = [
      view.getUint32(at, true),
      view.getUint32(at + 4, true),
      view.getUint32(at + 8, true),
      count === 4 ? view.getUint32(at + 12, true) : 0,
    ];
  } else {
    return invalid;
  }

  if (bitsPerPixel <= 8) {
    if (![1, 4, 8].includes(bitsPerPixel)) return invalid;
    const paletteAt = FILE_HEADER_SIZE + headerSize;
    const paletteSize = coloursUsed === 0 ? 2 ** bitsPerPixel : coloursUsed;
    if (paletteSize > 2 ** bitsPerPixel || paletteAt + paletteSize * 4 > pixelOffset) return invalid;
    const palette = bytes.subarray(paletteAt, paletteAt + paletteSize * 4);
    const data = Buffer.alloc(width * height * 3);
    for (let row = 0; row < height; row++) {
      const source = pixelOffset + (topDown ? row : height - 1 - row) * stride;
      for (let x = 0; x < width; x++) {
        const bit = x * bitsPerPixel;
        const byte = bytes[source + (bit >> 3)] ?? 0;
        const index = (byte >> (8 - bitsPerPixel - (bit & 7))) & ((1 << bitsPerPixel) - 1);
        if (index >= paletteSize) return invalid;
        const out = (row * width + x) * 3;
        data[out] = palette[index * 4 + 2] ?? 0;
        data[out + 1] = palette[index * 4 + 1] ?? 0;
        data[out + 2] = palette[index * 4] ?? 0;
      }
    }
    return { ok: true, pixels: { width, height, channels: 3, data } };
  }

  if (bitsPerPixel === 24) {
    const data = Buffer.alloc(width * height * 3);
    for (let row = 0; row < height; row++) {
      const source = pixelOffset + (topDown ? row : height - 1 - row) * stride;
      for (let x = 0; x < width; x++) {
        const from = source + x * 3;
        const out = (row * width + x) * 3;
        data[out] = bytes[from + 2] ?? 0;
        data[out + 1] = bytes[from + 1] ?? 0;
        data[out + 2] = bytes[from] ?? 0;
      }
    }
    return { ok: true, pixels: { width, height, channels: 3, data } };
  }

  if (bitsPerPixel !== 16 && bitsPerPixel !== 32) return invalid;
  const [red, green, blue, alpha] = masks.map(channel);
  if (!red || !green || !blue || !alpha) return invalid;
  const channels = alpha.max > 0 ? 4 : 3;
  const data = Buffer.alloc(width * height * channels);
  for (let row = 0; row < height; row++) {
    const source = pixelOffset + (topDown ? row : height - 1 - row) * stride;
    for (let x = 0; x < width; x++) {
      const value = bitsPerPixel === 16 ? view.getUint16(source + x * 2, true) : view.getUint32(source + x * 4, true);
      const out = (row * width + x) * channels;
      data[out] = scaled(value, red, 0);
      data[out + 1] = scaled(value, green, 0);
      data[out + 2] = scaled(value, blue, 0);
      if (channels === 4) data[out + 3] = scaled(value, alpha, 255);
    }
  }
  return { ok: true, pixels: { width, height, channels, data } };
}
