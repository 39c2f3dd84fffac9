/** Public page addresses built from slugs (spec §2: lower-case, spaces as hyphens). */
export function categoryPath(categorySlug: string): string {
  return `/categorie/${encodeURIComponent(categorySlug)}`;
}

export function productPath(categorySlug: string, productSlug: string): string {
  return `${categoryPath(categorySlug)}/utilaj/${encodeURIComponent(productSlug)}`;
}

/** The contact form opened for one machine: its category chosen and its model in the message. */
export function offerRequestPath(productUuid: string): string {
  return `/contact?product=${encodeURIComponent(productUuid)}`;
}
