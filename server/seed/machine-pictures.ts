import { drawMachine, MACHINE_BOX, type MachineKind, type MachinePalette } from "./machine-drawings.ts";

/**
 * Demo pictures drawn in code, as SVG (./render-jpeg.ts turns them into JPEGs): a machine silhouette
 * on a backdrop with its name written on it, and wide banner scenes without any words (a banner's
 * words are its caption, stored beside the picture in both languages). `variant` changes backdrop,
 * paint, pose, side and framing, so the pictures of one gallery differ from each other.
 */

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
  variant: number;
}

export const BANNER_SIZE = { width: 1600, height: 600 } as const;

interface Backdrop {
  skyTop: string;
  skyBottom: string;
  ground: string;
  label: string;
  labelText: string;
  /** The sun (or the moon, at night) of a banner scene. */
  sun: string;
}

const backdrops: readonly Backdrop[] = [
  {
    skyTop: "#7fb6df",
    skyBottom: "#e3f0f9",
    ground: "#8a7358",
    label: "#1d1d1b",
    labelText: "#f5b800",
    sun: "#fff4c2",
  },
  {
    skyTop: "#e9894a",
    skyBottom: "#fde2b5",
    ground: "#5f4c3b",
    label: "#1d1d1b",
    labelText: "#ffffff",
    sun: "#fff0c9",
  },
  {
    skyTop: "#c9cdd1",
    skyBottom: "#f3f4f5",
    ground: "#a9adb1",
    label: "#f5b800",
    labelText: "#1d1d1b",
    sun: "#ffffff",
  },
  {
    skyTop: "#25303a",
    skyBottom: "#4f5e6b",
    ground: "#1b2127",
    label: "#f5b800",
    labelText: "#1d1d1b",
    sun: "#eef0e4",
  },
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

/** Spreads the scenery of the banners: each banner puts its sun, clouds and crane elsewhere. */
function spot(variant: number, places: readonly number[]): number {
  return places[variant % places.length];
}

function cloud(x: number, y: number, size: number): string {
  const puffs: [dx: number, dy: number, r: number][] = [
    [0, 0, 1],
    [0.9, -0.35, 1.25],
    [1.9, 0, 0.9],
    [0.95, 0.25, 1.1],
  ];
  const ellipses = puffs.map(
    ([dx, dy, r]) =>
      `<ellipse cx="${x + dx * size}" cy="${y + dy * size}" rx="${r * size * 1.2}" ry="${r * size * 0.75}"/>`,
  );
  return `<g fill="#fff" fill-opacity="0.75">${ellipses.join("")}</g>`;
}

/** A tower crane far behind the site, as a faint silhouette standing on the horizon. */
function towerCrane(x: number, horizon: number, height: number): string {
  const top = horizon - height;
  const lattice = Array.from({ length: Math.floor(height / 28) }, (_, step) => {
    const y = horizon - step * 28;
    return `M${x} ${y}L${x + 18} ${y - 28}`;
  }).join("");
  return [
    `<g fill="none" stroke="#1d1d1b" stroke-opacity="0.22" stroke-width="4">`,
    `<path d="M${x} ${horizon}V${top}M${x + 18} ${horizon}V${top}${lattice}"/>`,
    `<path d="M${x - 110} ${top}H${x + 330}M${x + 9} ${top - 46}L${x - 110} ${top}M${x + 9} ${top - 46}L${x + 330} ${top}"/>`,
    `<path d="M${x + 240} ${top}V${top + 120}" stroke-width="2"/>`,
    `</g>`,
    `<rect x="${x - 100}" y="${top}" width="50" height="26" fill="#1d1d1b" fill-opacity="0.22"/>`,
    `<rect x="${x + 232}" y="${top + 120}" width="16" height="14" fill="#1d1d1b" fill-opacity="0.22"/>`,
  ].join("");
}

/** A building going up behind the site: a concrete frame with its floors, the top ones still open. */
function buildingFrame(x: number, horizon: number, floors: number): string {
  const floor = 34;
  const width = 240;
  const slabs = Array.from({ length: floors + 1 }, (_, level) => `M${x} ${horizon - level * floor}h${width}`).join("");
  const columns = [0, 0.33, 0.66, 1].map((at) => `M${x + at * width} ${horizon}v${-floors * floor}`).join("");
  return [
    `<rect x="${x}" y="${horizon - (floors - 2) * floor}" width="${width}" height="${(floors - 2) * floor}" fill="#1d1d1b" fill-opacity="0.1"/>`,
    `<path d="${slabs}${columns}" fill="none" stroke="#1d1d1b" stroke-opacity="0.2" stroke-width="5"/>`,
  ].join("");
}

/** Rolling hills along the horizon, so the sky does not end in a ruler-straight line. */
function hills(width: number, horizon: number, variant: number): string {
  const lift = spot(variant, [50, 70, 40]);
  return `<path d="M0 ${horizon}V${horizon - lift * 0.6}Q${width * 0.2} ${horizon - lift * 1.6} ${width * 0.42} ${horizon - lift * 0.5}T${width * 0.8} ${horizon - lift * 0.7}T${width} ${horizon - lift}V${horizon}Z" fill="#1d1d1b" fill-opacity="0.1"/>`;
}

function sky(backdrop: Backdrop, width: number, horizon: number, variant: number): string {
  const sunX = width * spot(variant, [0.88, 0.52, 0.12]);
  const sunY = horizon * spot(variant, [0.3, 0.72, 0.28]);
  return [
    `<circle cx="${sunX}" cy="${sunY}" r="110" fill="${backdrop.sun}" fill-opacity="0.3"/>`,
    `<circle cx="${sunX}" cy="${sunY}" r="62" fill="${backdrop.sun}"/>`,
    cloud(width * spot(variant, [0.3, 0.14, 0.62]), horizon * 0.28, 34),
    cloud(width * spot(variant, [0.62, 0.78, 0.34]), horizon * 0.5, 24),
  ].join("");
}

/** A heap of gravel behind the machines. */
function heap(x: number, groundY: number, width: number): string {
  return `<path d="M${x} ${groundY}Q${x + width * 0.5} ${groundY - width * 0.55} ${x + width} ${groundY}Z" fill="#1d1d1b" fill-opacity="0.25"/>`;
}

/** A traffic cone in the foreground, marking the edge of the site. */
function cone(x: number, groundY: number): string {
  return [
    `<rect x="${x - 22}" y="${groundY - 8}" width="44" height="8" rx="2" fill="#d35400"/>`,
    `<path d="M${x - 15} ${groundY - 8}L${x - 4} ${groundY - 62}H${x + 4}L${x + 15} ${groundY - 8}Z" fill="#f06d0f"/>`,
    `<path d="M${x - 11} ${groundY - 26}H${x + 11}L${x + 9} ${groundY - 38}H${x - 9}Z" fill="#fff"/>`,
  ].join("");
}

/** The machines in a row, left to right each a little larger and lower (nearer); neighbours overlap by a tenth. */
function machineRow(kinds: readonly MachineKind[], variant: number, width: number, groundY: number): string {
  const scales = kinds.map((_, index) => 0.4 + index * 0.07);
  const row = scales.reduce((sum, scale) => sum + MACHINE_BOX.width * scale * 0.9, 0);
  let left = (width - row) / 2;
  return kinds
    .map((kind, index) => {
      const scale = scales[index];
      const machine = placed(
        kind,
        variant + index,
        variant + index,
        left,
        groundY - (kinds.length - 1 - index) * 30,
        scale,
      );
      left += MACHINE_BOX.width * scale * 0.9;
      return machine;
    })
    .join("");
}

/**
 * A wide site scene with no words in it: a banner's words are its caption, stored beside the picture
 * in both languages, so that an English page does not show a Romanian picture title.
 */
export function bannerPictureSvg(request: BannerPictureRequest): string {
  const { width, height } = BANNER_SIZE;
  const { kinds, variant } = request;
  const backdrop = backdrops[variant % backdrops.length];
  const horizon = height * 0.7;
  const groundY = height * 0.9;
  const craneX = width * spot(variant, [0.1, 0.62, 0.44]);
  const frameX = width * spot(variant, [0.7, 0.3, 0.66]);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    backdropSvg(backdrop, width, height, horizon),
    sky(backdrop, width, horizon, variant),
    hills(width, horizon, variant),
    buildingFrame(frameX, horizon, spot(variant, [7, 5, 8])),
    towerCrane(craneX, horizon, spot(variant, [300, 260, 330])),
    heap(width * spot(variant, [0, 0.86, 0.02]), horizon + 40, 220),
    machineRow(kinds, variant, width, groundY),
    cone(width * 0.05, height - 30),
    cone(width * 0.95, height - 30),
    `</svg>`,
  ].join("");
}
