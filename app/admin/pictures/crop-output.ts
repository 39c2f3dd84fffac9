/**
 * The header photo's crop (spec §4, §9): a square, written as PNG. The square is taken from the
 * picture's own pixels (not the shown size) and scaled down to at most HEADER_PHOTO_MAX_SIDE, so a
 * photo straight from a camera still fits the 5 MB limit once cropped.
 */

export const CROP_ASPECT = 1;
/** Spec §9: the crop box is never smaller than 20 px (as shown on screen). */
export const CROP_MIN_BOX = 20;
/** Spec §9: arrow keys move the box 3 px; keys 1 to 9 set that step. */
export const CROP_DEFAULT_STEP = 3;
export const HEADER_PHOTO_MAX_SIDE = 1200;

export interface CropBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The crop box in the picture's own pixels, from the box on screen and the scale of the shown picture. */
export function naturalCrop(
  box: CropBox,
  shown: { width: number; height: number },
  natural: { width: number; height: number },
): CropBox {
  const scaleX = natural.width / shown.width;
  const scaleY = natural.height / shown.height;
  const x = Math.max(0, Math.round(box.x * scaleX));
  const y = Math.max(0, Math.round(box.y * scaleY));
  const side = Math.min(
    Math.round(box.width * scaleX),
    Math.round(box.height * scaleY),
    natural.width - x,
    natural.height - y,
  );
  return { x, y, width: side, height: side };
}

/** The side of the written square: the crop's own, but never over HEADER_PHOTO_MAX_SIDE. */
export function outputSide(crop: CropBox): number {
  return Math.max(1, Math.min(crop.width, HEADER_PHOTO_MAX_SIDE));
}

/** Digits 1-9 pressed on the cropper set the keyboard step (spec §9); other keys leave it. */
export function stepFromKey(key: string): number | undefined {
  return /^[1-9]$/.test(key) ? Number(key) : undefined;
}
