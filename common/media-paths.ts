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

export function productImagePath(categorySlug: string | null, modelSlug: string, imageId: string, mimeType: string): string {
  return `/media/produse/${encodeURIComponent(categorySlug ?? "necunoscut")}/${encodeURIComponent(modelSlug)}/${imageId}.${extensionFor(mimeType)}`;
}

export function bannerImagePath(imageId: string, mimeType: string): string {
  return `/media/banner/${imageId}.${extensionFor(mimeType)}`;
}

export function categoryImagePath(categorySlug: string, imageId: string, mimeType: string): string {
  return `/media/categorii/${encodeURIComponent(categorySlug)}/${imageId}.${extensionFor(mimeType)}`;
}
