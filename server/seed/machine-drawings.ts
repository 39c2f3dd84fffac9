/**
 * Side-view silhouettes of the demo machines as SVG fragments, drawn facing right in a 1000 x 600 box
 * whose ground line is y = 560. Shapes stay few and flat so that librsvg renders them in milliseconds.
 */

export type MachineKind =
  "excavator" | "backhoe-loader" | "wheel-loader" | "roller" | "plate-compactor" | "forklift" | "boom-lift";

export interface MachinePalette {
  body: string;
  shade: string;
  dark: string;
  metal: string;
  glass: string;
}

export const MACHINE_BOX = { width: 1000, height: 600, ground: 560 } as const;

type Point = readonly [x: number, y: number];

/** `reach` from 0 to 1 moves the working tool (arm, bucket, forks, boom) between two poses. */
type Drawing = (p: MachinePalette, reach: number) => string;

function lerp(from: Point, to: Point, t: number): Point {
  return [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t];
}

function line(from: Point, to: Point, color: string, width: number): string {
  return `<path d="M${from[0]} ${from[1]}L${to[0]} ${to[1]}" stroke="${color}" stroke-width="${width}" stroke-linecap="round"/>`;
}

function wheel(cx: number, cy: number, r: number, p: MachinePalette): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${p.dark}"/><circle cx="${cx}" cy="${cy}" r="${r * 0.55}" fill="${p.metal}"/><circle cx="${cx}" cy="${cy}" r="${r * 0.2}" fill="${p.shade}"/>`;
}

function cab(x: number, y: number, width: number, height: number, p: MachinePalette): string {
  const inset = 14;
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="12" fill="${p.body}"/><rect x="${x + inset}" y="${y + inset}" width="${width - 2 * inset}" height="${height * 0.62}" rx="6" fill="${p.glass}"/>`;
}

function degrees(from: Point, to: Point): number {
  return (Math.atan2(to[1] - from[1], to[0] - from[0]) * 180) / Math.PI;
}

const excavator: Drawing = (p, reach) => {
  const root: Point = [520, 360];
  const elbow = lerp([700, 160], [760, 110], reach);
  const wrist = lerp([860, 470], [940, 250], reach);
  const rollers = [180, 250, 320, 390, 460, 530]
    .map((x) => `<circle cx="${x}" cy="515" r="20" fill="${p.metal}"/>`)
    .join("");
  return [
    `<rect x="120" y="470" width="500" height="90" rx="45" fill="${p.dark}"/>${rollers}`,
    `<rect x="270" y="440" width="220" height="34" fill="${p.dark}"/>`,
    `<path d="M130 450V365Q130 340 155 340H540L565 450Z" fill="${p.body}"/>`,
    `<rect x="118" y="360" width="80" height="92" rx="14" fill="${p.shade}"/>`,
    cab(390, 190, 150, 155, p),
    line([470, 340], lerp(root, elbow, 0.6), p.metal, 14),
    line(root, elbow, p.body, 46),
    line(lerp(root, elbow, 0.7), lerp(elbow, wrist, 0.3), p.metal, 12),
    line(elbow, wrist, p.shade, 30),
    `<g transform="translate(${wrist[0]} ${wrist[1]}) rotate(${degrees(elbow, wrist) - 70})"><path d="M-20 -10L60 -20Q95 40 60 95L-10 80Z" fill="${p.dark}"/><path d="M60 95l-12 22l-8-24l-10 22l-8-24" fill="${p.dark}"/></g>`,
  ].join("");
};

const backhoeLoader: Drawing = (p, reach) => {
  const boomTop = lerp([150, 170], [110, 120], reach);
  const dipper = lerp([70, 450], [20, 300], reach);
  const bucketY = 440 - reach * 60;
  return [
    line([240, 470], [205, 555], p.dark, 20),
    line([240, 390], boomTop, p.body, 34),
    line(boomTop, dipper, p.shade, 24),
    `<path d="M${dipper[0] - 30} ${dipper[1]}h60l-15 55h-35Z" fill="${p.dark}"/>`,
    `<rect x="220" y="370" width="540" height="100" rx="16" fill="${p.body}"/>`,
    `<path d="M560 380V320Q560 300 580 300H740Q770 300 775 330L785 400H560Z" fill="${p.shade}"/>`,
    cab(380, 160, 190, 230, p),
    wheel(380, 475, 85, p),
    wheel(700, 500, 60, p),
    line([560, 350], [850, bucketY], p.body, 26),
    `<path d="M830 ${bucketY - 70}H900Q950 ${bucketY} 930 ${bucketY + 80}H830Z" fill="${p.dark}"/>`,
  ].join("");
};

const wheelLoader: Drawing = (p, reach) => {
  const tip = lerp([820, 430], [860, 220], reach);
  return [
    `<path d="M140 470V340Q140 300 180 300H480V470Z" fill="${p.body}"/>`,
    `<rect x="170" y="330" width="90" height="60" rx="6" fill="${p.shade}"/>`,
    `<path d="M190 340v40M215 340v40M240 340v40" stroke="${p.dark}" stroke-width="8"/>`,
    `<rect x="470" y="380" width="250" height="90" rx="12" fill="${p.shade}"/>`,
    cab(350, 130, 160, 200, p),
    wheel(300, 470, 90, p),
    wheel(640, 470, 90, p),
    line([500, 340], tip, p.body, 36),
    line([520, 300], lerp([500, 300], tip, 0.75), p.metal, 14),
    `<g transform="translate(${tip[0]} ${tip[1]}) rotate(${reach * -25})"><path d="M-30 -100H60Q115 10 95 110H-30Z" fill="${p.dark}"/></g>`,
  ].join("");
};

const roller: Drawing = (p, reach) => {
  const drum = (cx: number) =>
    `<circle cx="${cx}" cy="470" r="90" fill="${p.metal}"/><circle cx="${cx}" cy="470" r="64" fill="none" stroke="${p.dark}" stroke-width="6"/><circle cx="${cx}" cy="470" r="16" fill="${p.dark}"/>`;
  const canopy = 140 - reach * 20;
  return [
    `<path d="M140 470V360Q140 300 200 300H300V470Z" fill="${p.shade}"/>`,
    `<path d="M700 470V300H800Q860 300 860 360V470Z" fill="${p.shade}"/>`,
    drum(250),
    drum(750),
    `<rect x="250" y="290" width="500" height="120" rx="20" fill="${p.body}"/>`,
    `<path d="M300 320h120M300 345h120M300 370h120" stroke="${p.dark}" stroke-width="8"/>`,
    line([420, 295], [440, canopy], p.dark, 16),
    line([600, 295], [580, canopy], p.dark, 16),
    `<rect x="400" y="${canopy - 20}" width="220" height="26" rx="8" fill="${p.dark}"/>`,
    `<rect x="470" y="225" width="60" height="70" rx="10" fill="${p.dark}"/>`,
    line([560, 290], [600, 235], p.dark, 10),
  ].join("");
};

const plateCompactor: Drawing = (p, reach) => {
  const grip = lerp([160, 190], [120, 250], reach);
  return [
    `<path d="M250 545Q240 560 270 560H760L780 520H290Z" fill="${p.dark}"/>`,
    `<rect x="350" y="440" width="320" height="85" rx="10" fill="${p.shade}"/>`,
    `<rect x="380" y="290" width="260" height="155" rx="18" fill="${p.body}"/>`,
    `<rect x="420" y="250" width="150" height="45" rx="10" fill="${p.shade}"/>`,
    `<path d="M365 445V275H655V445" fill="none" stroke="${p.dark}" stroke-width="12"/>`,
    `<circle cx="590" cy="365" r="40" fill="${p.metal}"/>`,
    line([390, 430], grip, p.dark, 18),
    line([grip[0] - 40, grip[1] + 20], [grip[0] + 40, grip[1] - 20], p.dark, 22),
  ].join("");
};

const forklift: Drawing = (p, reach) => {
  const lift = reach * 170;
  return [
    `<path d="M150 480V330Q150 290 190 290H260V480Z" fill="${p.shade}"/>`,
    `<path d="M240 480V340H560Q640 340 640 400V480Z" fill="${p.body}"/>`,
    line([300, 340], [320, 135], p.dark, 14),
    line([560, 340], [575, 135], p.dark, 14),
    `<rect x="285" y="120" width="310" height="24" rx="8" fill="${p.dark}"/>`,
    `<path d="M360 340v-70h70v70" fill="${p.dark}"/>`,
    `<rect x="655" y="80" width="34" height="450" fill="${p.metal}"/>`,
    `<rect x="690" y="${345 - lift}" width="22" height="190" fill="${p.dark}"/>`,
    `<rect x="700" y="${522 - lift}" width="230" height="14" fill="${p.dark}"/>`,
    `<rect x="720" y="${505 - lift}" width="190" height="17" fill="#8d6a3f"/>`,
    `<rect x="735" y="${395 - lift}" width="160" height="110" fill="#c89a5b" stroke="#8d6a3f" stroke-width="4"/>`,
    wheel(560, 495, 65, p),
    wheel(260, 510, 50, p),
  ].join("");
};

const boomLift: Drawing = (p, reach) => {
  const top = lerp([780, 170], [820, 70], reach);
  return [
    `<rect x="190" y="420" width="520" height="70" rx="14" fill="${p.body}"/>`,
    wheel(280, 500, 60, p),
    wheel(620, 500, 60, p),
    `<rect x="320" y="330" width="250" height="95" rx="14" fill="${p.shade}"/>`,
    `<rect x="300" y="350" width="70" height="70" rx="10" fill="${p.dark}"/>`,
    line([520, 360], lerp([520, 360], top, 0.55), p.body, 34),
    line(lerp([520, 360], top, 0.5), top, p.metal, 24),
    line(top, [top[0] + 50, top[1] - 10], p.dark, 14),
    `<g transform="translate(${top[0] + 40} ${top[1] - 70})"><rect x="0" y="45" width="150" height="20" fill="${p.dark}"/><path d="M0 45V0H150V45M0 20H150M50 0v45M100 0v45" fill="none" stroke="${p.body}" stroke-width="7"/></g>`,
  ].join("");
};

const drawings: Record<MachineKind, Drawing> = {
  excavator,
  "backhoe-loader": backhoeLoader,
  "wheel-loader": wheelLoader,
  roller,
  "plate-compactor": plateCompactor,
  forklift,
  "boom-lift": boomLift,
};

export function drawMachine(kind: MachineKind, palette: MachinePalette, reach: number): string {
  return drawings[kind](palette, Math.min(1, Math.max(0, reach)));
}
