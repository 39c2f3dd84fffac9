import sharp from "sharp";

/**
 * The demo pictures' JPEG encoding, in the drawing process (./picture-process-child.ts) only: sharp
 * and its libraries stay out of the server's own process until it works on a picture (decision 50).
 */

export interface RenderedPicture {
  mime_type: "image/jpeg";
  bytes: Uint8Array;
  byte_size: number;
  width: number;
  height: number;
}

/** Encodes an SVG as a JPEG and reads the stored facts back from the encoded bytes. */
export async function renderJpeg(svg: string): Promise<RenderedPicture> {
  const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  const { width, height, format } = await sharp(bytes).metadata();
  if (format !== "jpeg" || !width || !height) throw new Error("The demo picture did not encode as a JPEG");
  return { mime_type: "image/jpeg", bytes, byte_size: bytes.byteLength, width, height };
}
