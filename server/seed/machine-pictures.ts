import sharp from "sharp";
import { drawMachine, MACHINE_BOX, type MachineKind, type MachinePalette } from "./machine-drawings.ts";

/**
 * Demo pictures drawn in code: a machine silhouette on a backdrop with its name written on it,
 * turned into a real JPEG by sharp. `variant` changes backdrop, paint, pose, side and framing, so the
 * pictures of one gallery differ from each other.
 */

export interface RenderedPicture {
  mime_type: "image/jpeg";
  bytes: Uint8Array;
  byte_size: number;
  width: number;
  height: number;
}

export interface MachinePictureRequest {
  kind: MachineKind;
  title: string;
  subtitle: string;
  variant: number;
  /** Shifts the paint, so that two machines of one category differ in the same variant. */
  tone: number;
  width: number;
  height: number;
}

export interface BannerPictureRequest {
  kinds: readonly MachineKind[];
  title: string;
  subtitle: string;
  variant: number;
}

export const BANNER_SIZE = { width: 1600, height: 600 } as const;

interface Backdrop {
  skyTop: string;
  skyBottom: string;
  ground: string;
  label: string;
  labelText: string;
}

const backdrops: readonly Backdrop[] = [
  { skyTop: "#7fb6df", skyBottom: "#e3f0f9", ground: "#8a7358", label: "#1d1d1b", labelText: "#f5b800" },
  { skyTop: "#e9894a", skyBottom: "#fde2b5", ground: "#5f4c3b", label: "#1d1d1b", labelText: "#ffffff" },
  { skyTop: "#c9cdd1", skyBottom: "#f3f4f5", ground: "#a9adb1", label: "#f5b800", labelText: "#1d1d1b" },
  { skyTop: "#25303a", skyBottom: "#4f5e6b", ground: "#1b2127", label: "#f5b800", labelText: "#1d1d1b" },
];

const paints: readonly Pick<MachinePalette, "body" | "shade">[] = [
  { body: "#f2b705", shade: "#c98f00" },
  { body: "#f28c00", shade: "#c46d00" },
  { body: "#ffd23f", shade: "#d9a400" },
];

const fixedColours = { dark: "#262626", metal: "#7b8086", glass: "#a8cde0" };

function palette(tone: number): MachinePalette {
  return { ...paints[tone % paints.length], ...fixedColours };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function backdropSvg(backdrop: Backdrop, width: number, height: number, horizon: number): string {
  return [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${backdrop.skyTop}"/><stop offset="1" stop-color="${backdrop.skyBottom}"/></linearGradient>`,
    `<pattern id="hazard" width="40" height="40" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="20" height="40" fill="#f5b800"/><rect x="20" width="20" height="40" fill="#1d1d1b"/></pattern></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    `<rect y="${horizon}" width="${width}" height="${height - horizon}" fill="${backdrop.ground}"/>`,
    `<rect y="${height - 24}" width="${width}" height="24" fill="url(#hazard)"/>`,
  ].join("");
}

/** Places the 1000 x 600 drawing so its ground line sits on `groundY`, `scale` times its size. */
function placed(kind: MachineKind, variant: number, tone: number, x: number, groundY: number, scale: number): string {
  const y = groundY - MACHINE_BOX.ground * scale;
  const reach = [0.2, 0.85, 0.5, 0][variant % 4];
  const shadow = `<ellipse cx="${MACHINE_BOX.width / 2}" cy="${MACHINE_BOX.ground}" rx="${MACHINE_BOX.width * 0.42}" ry="18" fill="#000" fill-opacity="0.25"/>`;
  return `<g transform="translate(${x} ${y}) scale(${scale})">${shadow}${drawMachine(kind, palette(tone), reach)}</g>`;
}

/** A generous estimate of a bold sans text's width (DejaVu Sans Bold), for sizing its box. */
function textWidth(text: string, size: number): number {
  let ems = 0;
  for (const char of text) ems += char === " " ? 0.35 : /[A-Z0-9]/.test(char) ? 0.76 : 0.64;
  return ems * size;
}

function label(backdrop: Backdrop, title: string, subtitle: string, x: number, y: number, size: number): string {
  const width = Math.max(textWidth(title, size), textWidth(subtitle, size * 0.5)) + size;
  return [
    `<rect x="${x}" y="${y}" width="${width}" height="${size * 2.1}" rx="${size * 0.2}" fill="${backdrop.label}" fill-opacity="0.9"/>`,
    `<text x="${x + size / 2}" y="${y + size * 1.05}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="${size}" fill="${backdrop.labelText}">${escapeXml(title)}</text>`,
    `<text x="${x + size / 2}" y="${y + size * 1.7}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${size * 0.5}" fill="${backdrop.labelText}">${escapeXml(subtitle)}</text>`,
  ].join("");
}

export function machinePictureSvg(request: MachinePictureRequest): string {
  const { kind, title, subtitle, variant, tone, width, height } = request;
  const backdrop = backdrops[variant % backdrops.length];
  const groundY = height * 0.84;
  const horizon = height * 0.72;
  // Every fourth picture is a close-up of the working end; the others show the whole machine.
  const closeUp = variant % 4 === 3;
  const fit = Math.min((width * 0.86) / MACHINE_BOX.width, (height * 0.62) / MACHINE_BOX.height);
  const scale = closeUp ? fit * 1.45 : fit;
  const x = closeUp ? width - MACHINE_BOX.width * scale * 0.97 : (width - MACHINE_BOX.width * scale) / 2;
  const machine = placed(kind, variant, variant + tone, x, closeUp ? height * 0.95 : groundY, scale);
  // Odd variants show the other side: the machine layer is mirrored about the picture's middle.
  const side = variant % 2 === 1 ? `<g transform="translate(${width} 0) scale(-1 1)">${machine}</g>` : machine;
  const size = Math.round(width / 17);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${backdropSvg(backdrop, width, height, horizon)}${side}${label(backdrop, title, subtitle, size * 0.6, size * 0.6, size)}</svg>`;
}

export function bannerPictureSvg(request: BannerPictureRequest): string {
  const { width, height } = BANNER_SIZE;
  const backdrop = backdrops[request.variant % backdrops.length];
  const groundY = height * 0.88;
  // Left to right, each machine a little larger and lower (nearer); neighbours overlap by a tenth.
  const scales = request.kinds.map((_, index) => 0.36 + index * 0.07);
  const row = scales.reduce((sum, scale) => sum + MACHINE_BOX.width * scale * 0.9, 0);
  let left = (width - row) / 2;
  const machines = request.kinds
    .map((kind, index) => {
      const scale = scales[index];
      const machine = placed(kind, request.variant + index, request.variant + index, left, groundY - (request.kinds.length - 1 - index) * 30, scale);
      left += MACHINE_BOX.width * scale * 0.9;
      return machine;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${backdropSvg(backdrop, width, height, height * 0.7)}${machines}${label(backdrop, request.title, request.subtitle, 48, 48, 64)}</svg>`;
}

/** Encodes an SVG as a JPEG and reads the stored facts back from the encoded bytes. */
export async function renderJpeg(svg: string): Promise<RenderedPicture> {
  const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  const { width, height, format } = await sharp(bytes).metadata();
  if (format !== "jpeg" || !width || !height) throw new Error("The demo picture did not encode as a JPEG");
  return { mime_type: "image/jpeg", bytes, byte_size: bytes.byteLength, width, height };
}
