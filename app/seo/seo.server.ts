import { SEARCH_PATH, SEARCH_QUERY_PARAMETER } from "../../common/search/search-address.ts";
import type { RouterContextProvider } from "react-router";
import type { Locale } from "../../common/language/language.ts";
import { alternateUrls, languageUrl } from "../../common/pages/page-urls.ts";
import { COMPANY } from "../company.ts";
import { translator } from "../i18n/translate.ts";
import type { ContactInfo } from "../lib/contact-info.ts";
import type { PageSeo } from "./meta.ts";
import { servicesOf } from "../page-request.server.ts";
import { pageLanguage, type ShownProduct } from "../page-data/shown-content.server.ts";
import type { PricedMachine } from "../page-data/shown-prices.server.ts";
import { formatSpecificationValue, specificationName } from "../../common/specifications/format.ts";
import type { SpecificationValues, SpecificationView } from "../../common/specifications/specification-schema.ts";
import { UNITS } from "../../common/specifications/units.ts";
import { plainText } from "../../common/text/rich-text.ts";

/**
 * What search engines and link previews read of a page, worked out by its loader on the server
 * (so none of it weighs on the browser's JavaScript): the canonical address of the page in its
 * language and the alternates (server/seo/crawler-files.ts lists the same in the sitemap), the
 * description, the picture, and schema.org structured data built from the live catalogue and
 * configuration. app/seo/meta.ts turns it into tags.
 */

type LoaderContext = Readonly<RouterContextProvider>;
type JsonLd = Record<string, unknown>;

/**
 * The site's own descriptions, one per language: spec §1's Romanian description for Romanian pages,
 * its English counterpart for English ones (a page in English described in Romanian would be an
 * English page in Romanian to a search engine).
 */
const DESCRIPTIONS: Record<
  Locale,
  { home: string; category: (category: string, models: string[]) => string; contact: string }
> = {
  ro: {
    home:
      "Închiriere utilaje pentru construcții în București și în toată țara: excavatoare, miniexcavatoare, " +
      "buldoexcavatoare, încărcătoare frontale, cilindri compactori, plăci compactoare, motostivuitoare și nacele " +
      "de la Caterpillar, JCB, Komatsu, Volvo, Bobcat, Bomag și Manitou, cu sau fără operator.",
    category: (category, models) =>
      `Închiriere ${category.toLocaleLowerCase("ro-RO")}${models.length ? `: ${models.join(", ")}` : ""}. Cereți o ofertă.`,
    contact: "Cereți o ofertă de închiriere utilaje: telefon, e-mail sau formularul de contact.",
  },
  en: {
    home:
      "Construction equipment for rent in Bucharest and across Romania: excavators, mini excavators, backhoe " +
      "loaders, wheel loaders, road rollers, plate compactors, forklifts and boom lifts from Caterpillar, JCB, " +
      "Komatsu, Volvo, Bobcat, Bomag and Manitou, with or without an operator.",
    category: (category, models) =>
      `${category} for rent${models.length ? `: ${models.join(", ")}` : ""}. Ask for an offer.`,
    contact: "Ask for an equipment rental offer: phone, e-mail or the contact form.",
  },
};

/** Search-engine descriptions stay short: about 160 characters, cut at a word. */
function shorten(text: string, limit = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= limit) return flat;
  return `${flat.slice(0, flat.lastIndexOf(" ", limit - 1))}…`;
}

function siteUrlOf(context: LoaderContext): string {
  return servicesOf(context).publicUrl;
}

interface PageFacts {
  description: string;
  /** A /media path (or any site path) of the page's picture. */
  image?: string;
  type?: "website" | "product";
  jsonLd?: JsonLd[];
  /**
   * False when the page's main content has no English. Its English address then names the Romanian
   * one as canonical, and neither announces an English alternate
   * (docs/decisions/049-english-content-a-column-per-translatable-field.md).
   */
  translated?: boolean;
}

/** The search-engine facts of the page the request asks for. */
export function pageSeo(request: Request, context: LoaderContext, facts: PageFacts): PageSeo {
  const siteUrl = siteUrlOf(context);
  const url = new URL(request.url);
  // React Router's data requests (`/home.data`) describe the page they load.
  const pathname = url.pathname.replace(/\.data$/, "") || "/";
  const language = pageLanguage(request);
  const translated = facts.translated ?? true;
  return {
    description: shorten(facts.description),
    // An English page without English content is the Romanian page's copy: that one is canonical.
    canonical: languageUrl(siteUrl, pathname, translated ? language : "ro"),
    alternates: alternateUrls(siteUrl, pathname, translated),
    image: facts.image ? `${siteUrl}${facts.image}` : `${siteUrl}/logo.svg`,
    type: facts.type ?? "website",
    locale: language === "ro" ? "ro_RO" : "en_US",
    jsonLd: facts.jsonLd ?? [],
  };
}

export function homeDescription(request: Request): string {
  return DESCRIPTIONS[pageLanguage(request)].home;
}

export function categoryDescription(request: Request, category: string, models: string[]): string {
  return DESCRIPTIONS[pageLanguage(request)].category(category, models);
}

export function contactDescription(request: Request): string {
  return DESCRIPTIONS[pageLanguage(request)].contact;
}

/** A product page's description: its offer (else its details) in the page's language, or the Romanian fallback. */
export function productDescription(product: ShownProduct): string {
  return plainText(product.header_offer.text) || plainText(product.details.text);
}

/** schema.org LocalBusiness of every page: the company and the contact channels of the configuration. */
export function localBusiness(context: LoaderContext, contact: ContactInfo): JsonLd {
  const siteUrl = siteUrlOf(context);
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${siteUrl}/#business`,
    name: COMPANY.legalName,
    legalName: COMPANY.legalName,
    taxID: COMPANY.taxId,
    url: `${siteUrl}/home`,
    logo: `${siteUrl}/logo.svg`,
    image: `${siteUrl}/logo.svg`,
    address: { "@type": "PostalAddress", ...COMPANY.postalAddress },
    ...(contact.phones.length > 0 && { telephone: contact.phones.length === 1 ? contact.phones[0] : contact.phones }),
    ...(contact.emails.length > 0 && { email: contact.emails.length === 1 ? contact.emails[0] : contact.emails }),
    sameAs: [COMPANY.socialUrl],
  };
}

/**
 * schema.org WebSite of the home page, with its SearchAction: a search engine may offer a search box
 * that opens the site's results page (decision 060), in the page's language.
 */
export function webSite(request: Request, context: LoaderContext): JsonLd {
  const siteUrl = siteUrlOf(context);
  const language = pageLanguage(request);
  const results = new URL(languageUrl(siteUrl, SEARCH_PATH, language));
  results.searchParams.set(SEARCH_QUERY_PARAMETER, "{search_term_string}");
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": `${siteUrl}/#website`,
    name: translator(language)("site.name"),
    url: languageUrl(siteUrl, "/home", language),
    inLanguage: language,
    potentialAction: {
      "@type": "SearchAction",
      // The placeholder stays as schema.org writes it, its braces not escaped.
      target: {
        "@type": "EntryPoint",
        urlTemplate: results.href.replace("%7Bsearch_term_string%7D", "{search_term_string}"),
      },
      "query-input": "required name=search_term_string",
    },
  };
}

/** schema.org BreadcrumbList: the home page (named as the site), then each page down to this one. */
export function breadcrumbs(
  request: Request,
  context: LoaderContext,
  pages: { name: string; pathname: string }[],
): JsonLd {
  const siteUrl = siteUrlOf(context);
  const language = pageLanguage(request);
  const trail = [{ name: translator(language)("site.name"), pathname: "/home" }, ...pages];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((step, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: step.name,
      item: languageUrl(siteUrl, step.pathname, language),
    })),
  };
}

/**
 * A machine's figures as schema.org PropertyValues, in its category's order: a number as a number
 * with its unit's UN/CEFACT code (`unitCode`, KGM, MTR, …) and its written unit (`unitText`), yes/no
 * as a boolean, an option or a text in the page's language (Romanian where not translated).
 */
export function productProperties(
  definitions: readonly SpecificationView[],
  values: SpecificationValues,
  language: Locale,
): JsonLd[] {
  const properties: JsonLd[] = [];
  for (const definition of definitions) {
    const value = values[definition.uuid];
    const shown = value === undefined ? null : formatSpecificationValue(definition, value, language);
    if (value === undefined || shown === null) continue;
    const property: JsonLd = { "@type": "PropertyValue", name: specificationName(definition, language).text };
    if (typeof value === "number") {
      property.value = value;
      if (definition.unit !== null)
        Object.assign(property, { unitCode: UNITS[definition.unit].unece, unitText: UNITS[definition.unit][language] });
    } else {
      property.value = typeof value === "boolean" ? value : shown.text;
    }
    properties.push(property);
  }
  return properties;
}

/**
 * schema.org Product of a machine page: name, pictures, category, the offer text as description, and
 * the language that text is in (`inLanguage`: Romanian where an English page falls back to it), and
 * its figures (`additionalProperty`, see productProperties).
 */
/** A rate as schema.org writes a price: a decimal with a point ("450.00"). */
const decimalPrice = (minor: number) => (minor / 100).toFixed(2);

/** schema.org's UN/CEFACT codes of the rates' periods. */
const PERIOD_CODES = { day: "DAY", week: "WEE", month: "MON" } as const;

/**
 * The machine's `Offer` (decision 093): a `UnitPriceSpecification` per rate the page shows (day,
 * week, month), without VAT; none for a machine on request or without a day rate.
 */
function productOffer(pageUrl: string, priced: Pick<PricedMachine, "prices" | "settings">): JsonLd | undefined {
  const { prices, settings } = priced;
  if (prices.on_request || prices.day === null) return undefined;
  const rates = (["day", "week", "month"] as const).flatMap((period) => {
    const amount = prices[period];
    return amount === null
      ? []
      : [
          {
            "@type": "UnitPriceSpecification",
            price: decimalPrice(amount),
            priceCurrency: settings.currency,
            unitCode: PERIOD_CODES[period],
            referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: PERIOD_CODES[period] },
            valueAddedTaxIncluded: false,
          },
        ];
  });
  return {
    "@type": "Offer",
    url: pageUrl,
    price: decimalPrice(prices.day),
    priceCurrency: settings.currency,
    priceSpecification: rates,
  };
}

export function productJsonLd(
  request: Request,
  context: LoaderContext,
  product: ShownProduct,
  pathname: string,
  properties: JsonLd[],
  priced?: Pick<PricedMachine, "prices" | "settings"> | null,
): JsonLd {
  const siteUrl = siteUrlOf(context);
  const language = pageLanguage(request);
  const offer = priced ? productOffer(languageUrl(siteUrl, pathname, language), priced) : undefined;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.model,
    category: product.category.text,
    description: shorten(productDescription(product), 500),
    inLanguage: product.header_offer.lang,
    image: [product.header_photo, ...product.gallery].map((picture) => `${siteUrl}${picture.image}`),
    url: languageUrl(siteUrl, pathname, language),
    ...(properties.length > 0 && { additionalProperty: properties }),
    ...(offer && { offers: offer }),
  };
}
