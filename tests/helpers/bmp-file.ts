export interface BmpSpec {
  width: number;
  height: number;
  bitsPerPixel: number;
  /** Each row top to bottom, its bytes without padding. */
  rows: number[][];
  compression?: number;
  headerSize?: number;
  palette?: [number, number, number][];
  masks?: number[];
  topDown?: boolean;
  planes?: number;
}

/** Writes a BMP file byte by byte, as an editor would. */
export function makeBmp(spec: BmpSpec): Buffer {
  const {
    width,
    height,
    bitsPerPixel,
    rows,
    compression = 0,
    headerSize = 40,
    palette = [],
    masks = [],
    topDown = false,
  } = spec;
  const stride = Math.floor((bitsPerPixel * width + 31) / 32) * 4;
  const maskBytes = headerSize === 40 ? masks.length * 4 : 0;
  const pixelOffset = 14 + headerSize + maskBytes + palette.length * 4;
  const file = Buffer.alloc(pixelOffset + stride * height);
  file.write("BM", 0, "latin1");
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(pixelOffset, 10);
  file.writeUInt32LE(headerSize, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(topDown ? -height : height, 22);
  file.writeUInt16LE(spec.planes ?? 1, 26);
  file.writeUInt16LE(bitsPerPixel, 28);
  file.writeUInt32LE(compression, 30);
  file.writeUInt32LE(stride * height, 34);
  file.writeUInt32LE(palette.length, 46);
  masks.forEach((mask, index) => file.writeUInt32LE(mask >>> 0, 54 + index * 4));
  palette.forEach(([red, green, blue], index) =>
    file.set([blue, green, red, 0], 14 + headerSize + maskBytes + index * 4),
  );
  rows.forEach((row, index) => file.set(row, pixelOffset + (topDown ? index : height - 1 - index) * stride));
  return file;
}
