/** A layout width under a media condition, as one rule of an <img sizes> attribute. */
export type SizeRule = readonly [media: string, width: string];

/** Screens at least this dense are served pictures for 2x (most phones are 2.6x to 3x). */
const DENSE_SCREEN = "(min-resolution: 2.5dppx)";

/**
 * The `sizes` of a picture laid out as wide as the first rule whose media matches says, else
 * `otherwise`. A screen denser than 2x is asked for two thirds of that width, so it gets the variant
 * a 2x screen gets: beyond 2x nobody sees the difference in a photograph, while the bytes grow with
 * the square of the density (a 3x picture weighs 2.25 times the 2x one). Only the choice of file
 * changes: every use sizes its <img> by CSS, not by the file's own size.
 */
export function pictureSizes(rules: readonly SizeRule[], otherwise: string): string {
  const all: SizeRule[] = [...rules, ["", otherwise]];
  const dense = all.map(([media, width]) => `${DENSE_SCREEN}${media ? ` and ${media}` : ""} calc(${width} * 2 / 3)`);
  const plain = all.map(([media, width]) => (media ? `${media} ${width}` : width));
  return [...dense, ...plain].join(", ");
}
