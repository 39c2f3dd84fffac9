import { LANGUAGE_PARAMETER, LANGUAGES, type Locale } from "./language.ts";

/**
 * The public addresses of a page for search engines: one per language (`?lang=ro`, `?lang=en`),
 * each the canonical address of that language's page, and the bare path as `x-default` (it renders
 * the visitor's stored language). Used by the pages' canonical and hreflang links and by the sitemap.
 */
export function languageUrl(siteUrl: string, pathname: string, language: Locale | "x-default"): string {
  const base = `${siteUrl.replace(/\/+$/, "")}${pathname}`;
  return language === "x-default" ? base : `${base}?${LANGUAGE_PARAMETER}=${language}`;
}

/** Every alternate of a page: its two languages and the default. */
export function alternateUrls(siteUrl: string, pathname: string): { hreflang: Locale | "x-default"; href: string }[] {
  return [...LANGUAGES, "x-default" as const].map((hreflang) => ({ hreflang, href: languageUrl(siteUrl, pathname, hreflang) }));
}
