import type { Kysely } from "kysely";
import {
  alternateUrls,
  announcedLanguages,
  categoryPath,
  languageUrl,
  productPath,
} from "../../common/pages/page-urls.ts";
import { categoryTranslation, productTranslation } from "../../common/language/translation-state.ts";
import { PRODUCT_TEXT_FIELDS } from "../../common/language/product-texts.ts";
import type { Database } from "../db/schema.ts";

/**
 * What search engines read besides the pages: /robots.txt (the public site is open; /admin and /api
 * are not; where the sitemap is) and /sitemap.xml (home, contact, every category and every machine,
 * each language at its own address with the alternates and the date it last changed).
 */

export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

interface SitemapPage {
  pathname: string;
  /** ISO-8601 date-time of the last change. */
  lastmod: string;
  /** False for a page whose main content has no English: listed in Romanian only (announcedLanguages). */
  translated: boolean;
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const xml = (text: string) => text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);

/** The public pages with their last change, from the database. */
export async function sitemapPages(db: Kysely<Database>): Promise<SitemapPage[]> {
  const categories = await db
    .selectFrom("categories")
    .select(["id", "slug", "name", "name_en", "updated_at"])
    .orderBy("slug")
    .execute();
  const products = await db
    .selectFrom("products")
    .innerJoin("categories", "categories.id", "products.category_id")
    .select([
      "products.slug as slug",
      "products.updated_at as updated_at",
      "categories.slug as category_slug",
      ...PRODUCT_TEXT_FIELDS.map((field) => `products.${field}` as const),
    ])
    .orderBy("categories.slug")
    .orderBy("products.slug")
    .execute();
  const dates = [...categories, ...products].map((row) => String(row.updated_at));
  const latest = dates.reduce((max, date) => (date > max ? date : max), "1970-01-01T00:00:00.000Z");
  return [
    { pathname: "/home", lastmod: latest, translated: true },
    { pathname: "/contact", lastmod: latest, translated: true },
    ...categories.map((category) => ({
      pathname: categoryPath(category.slug),
      lastmod: String(category.updated_at),
      translated: categoryTranslation(category) !== "missing",
    })),
    ...products.map((product) => ({
      pathname: productPath(product.category_slug, product.slug),
      lastmod: String(product.updated_at),
      translated: productTranslation(product) !== "missing",
    })),
  ];
}

/** The sitemap protocol's XML with xhtml:link alternates (one <url> per language of each page). */
export function sitemapXml(siteUrl: string, pages: readonly SitemapPage[]): string {
  const entries = pages.flatMap((page) => {
    const alternates = alternateUrls(siteUrl, page.pathname, page.translated)
      .map(({ hreflang, href }) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${xml(href)}"/>`)
      .join("\n");
    return announcedLanguages(page.translated).map(
      (language) =>
        `  <url>\n    <loc>${xml(languageUrl(siteUrl, page.pathname, language))}</loc>\n    <lastmod>${xml(page.lastmod)}</lastmod>\n${alternates}\n  </url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}
