/**
 * Stable URLs of stored images (the spec's photo helper). An image id never changes content, so
 * every URL built here may be cached forever. The leading segments only make the URL readable.
 */
const extensions: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/bmp": "bmp",
  "image/tiff": "tiff",
  "image/avif": "avif",
};

export function extensionFor(mimeType: string): string {
  return extensions[mimeType] ?? "bin";
}

export function productImagePath(
  categorySlug: string | null,
  modelSlug: string,
  imageId: string,
  mimeType: string,
): string {
  return `/media/produse/${encodeURIComponent(categorySlug ?? "necunoscut")}/${encodeURIComponent(modelSlug)}/${imageId}.${extensionFor(mimeType)}`;
}

export function bannerImagePath(imageId: string, mimeType: string): string {
  return `/media/banner/${imageId}.${extensionFor(mimeType)}`;
}

export function categoryImagePath(categorySlug: string, imageId: string, mimeType: string): string {
  return `/media/categorii/${encodeURIComponent(categorySlug)}/${imageId}.${extensionFor(mimeType)}`;
}

/**
 * Responsive variants of a stored picture: made on first request at these widths (never wider than
 * the original) and kept, so their URLs are as immutable as the original's. The 800 rung is for
 * phones: a picture laid out across a 390–412 px screen needs 680–780 px at 1.75x to 2x (and at 3x,
 * which is served 2x: app/lib/picture-sizes.ts), which without it took the 1024 variant, about
 * 60 % more pixels than needed.
 */
export const VARIANT_WIDTHS = [320, 640, 800, 1024, 1600] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];
export const VARIANT_FORMATS = ["avif", "webp"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

const ORIGINAL_FILE = /^(.*\/)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[a-z0-9]+$/;

/** The image id an original's URL names (the last segment), e.g. to send an unchanged picture back. */
export function imageIdFromPath(path: string): string | undefined {
  return ORIGINAL_FILE.exec(path)?.[2];
}

/** The URL of one variant, beside its original: '/media/.../{id}.jpg' → '/media/.../{id}-640w.webp'. */
export function variantPath(originalPath: string, width: number, format: VariantFormat): string {
  const match = ORIGINAL_FILE.exec(originalPath);
  if (!match) throw new Error(`Not the path of a stored picture: ${originalPath}`);
  return `${match[1] ?? ""}${match[2]}-${width}w.${format}`;
}

/**
 * A srcset of the variants for a picture `intrinsicWidth` pixels wide. The first variant width that
 * reaches the original is the original's size (variants are never enlarged), and it ends the list.
 */
export function variantSrcSet(originalPath: string, intrinsicWidth: number, format: VariantFormat): string {
  const entries: string[] = [];
  for (const width of VARIANT_WIDTHS) {
    const shown = Math.min(width, intrinsicWidth);
    entries.push(`${variantPath(originalPath, width, format)} ${shown}w`);
    if (width >= intrinsicWidth) break;
  }
  return entries.join(", ");
}

const ORIGINAL_PATH = /\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[a-z]{3,4}$/;

/** The image id of a stored original's URL (as the paths above write it), or null for any other path. */
export function imageIdOfPath(pathname: string): string | null {
  return ORIGINAL_PATH.exec(pathname)?.[1] ?? null;
}
