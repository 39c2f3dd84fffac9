import { DEFAULT_LANGUAGE, LANGUAGE_PARAMETER, LANGUAGES, type Locale } from "../language/language.ts";

/** Public page addresses built from slugs (spec §2: lower-case, spaces as hyphens); links and the sitemap use them. */
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

/**
 * The public addresses of a page for search engines, one per language: the bare path for Romanian
 * (what a crawler, which keeps no cookie, is served there) and `?lang=en` for English, each the
 * canonical address of that language's page; the bare path is also `x-default`. A page's canonical
 * address is then never another language's alternate. Used by the pages' canonical and hreflang
 * links and by the sitemap.
 */
export function languageUrl(siteUrl: string, pathname: string, language: Locale | "x-default"): string {
  const base = `${siteUrl.replace(/\/+$/, "")}${pathname}`;
  return language === "x-default" || language === DEFAULT_LANGUAGE ? base : `${base}?${LANGUAGE_PARAMETER}=${language}`;
}

/**
 * The languages a page is announced in: both, or Romanian alone for a page whose main content has no
 * English (docs/decisions/049-english-content-a-column-per-translatable-field.md): its English address would show the
 * same Romanian text.
 */
export function announcedLanguages(translated: boolean): readonly Locale[] {
  return translated ? LANGUAGES : [DEFAULT_LANGUAGE];
}

/** Every alternate of a page: its announced languages and the default. */
export function alternateUrls(
  siteUrl: string,
  pathname: string,
  translated = true,
): { hreflang: Locale | "x-default"; href: string }[] {
  return [...announcedLanguages(translated), "x-default" as const].map((hreflang) => ({
    hreflang,
    href: languageUrl(siteUrl, pathname, hreflang),
  }));
}
