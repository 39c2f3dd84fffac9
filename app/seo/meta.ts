import type { MetaDescriptor } from "react-router";
import type { Locale } from "../../common/language/language.ts";
import { translator, type Translate } from "../i18n/translate.ts";
import { DEFAULT_LANGUAGE, isLanguage } from "../../common/language/language.ts";

/** Spec §1: the keywords are Romanian whatever the interface language. */
const KEYWORDS =
  "inchiriere utilaje, inchiriere utilaje constructii, utilaje constructii, excavator, miniexcavator, " +
  "buldoexcavator, incarcator frontal, cilindru compactor, compactor, placa compactoare, motostivuitor, " +
  "stivuitor, nacela, Caterpillar, CAT, JCB, Komatsu, Volvo, Bobcat, Bomag, Manitou, Hitachi, Liebherr";

/** What a page's loader says about it for search engines and link previews (app/seo/seo.server.ts). */
export interface PageSeo {
  description: string;
  canonical: string;
  alternates: { hreflang: string; href: string }[];
  image: string;
  type: "website" | "product";
  locale: "ro_RO" | "en_US";
  jsonLd: Record<string, unknown>[];
}

interface MatchWithData {
  id: string;
  loaderData?: unknown;
}

function field<T>(matches: readonly (MatchWithData | undefined)[], name: string): T | undefined {
  for (const match of [...matches].reverse()) {
    const data = match?.loaderData;
    if (data && typeof data === "object" && name in data) return (data as Record<string, T>)[name];
  }
  return undefined;
}

/** The page language, as the root loader read it (`?lang=`, then the `lang` cookie). */
export function languageOf(matches: readonly (MatchWithData | undefined)[]): Locale {
  const data = matches.find((match) => match?.id === "root")?.loaderData;
  const language = data && typeof data === "object" && "lang" in data ? data.lang : undefined;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/**
 * The head of a page: the title (`title` names the page in the visitor's language), the keywords,
 * and what its loader said for search engines (`seo`: description, canonical and hreflang links,
 * Open Graph and Twitter tags, JSON-LD) together with the layout's LocalBusiness (`business`).
 * Pages without `seo` (not found) get the title alone and are kept out of search results; `noindex`:
 * a page search engines should not list but whose links they may follow (a filtered category).
 */
export function pageMeta(
  matches: readonly (MatchWithData | undefined)[],
  title: (t: Translate) => string,
  { noindex = false } = {},
): MetaDescriptor[] {
  const t = translator(languageOf(matches));
  const fullTitle = `${title(t)} | ${t("site.name")}`;
  const seo = field<PageSeo>(matches, "seo");
  const business = field<Record<string, unknown>>(matches, "business");
  if (!seo) return [{ title: fullTitle }, { name: "robots", content: "noindex" }];
  return [
    { title: fullTitle },
    { name: "description", content: seo.description },
    { name: "keywords", content: KEYWORDS },
    ...(noindex ? [{ name: "robots", content: "noindex, follow" }] : []),
    { tagName: "link", rel: "canonical", href: seo.canonical },
    ...seo.alternates.map(({ hreflang, href }) => ({ tagName: "link", rel: "alternate", hrefLang: hreflang, href })),
    { property: "og:type", content: seo.type },
    { property: "og:site_name", content: t("site.name") },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.canonical },
    { property: "og:image", content: seo.image },
    { property: "og:locale", content: seo.locale },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: seo.image },
    ...[business, ...seo.jsonLd].filter((item) => item !== undefined).map((item) => ({ "script:ld+json": item })),
  ];
}
