import type { RouterContextProvider } from "react-router";
import type { ProductView } from "../../common/catalogue.ts";
import { languageOfRequest, type Locale } from "../../common/language.ts";
import { alternateUrls, languageUrl } from "../../common/page-urls.ts";
import { COMPANY } from "../company.ts";
import { translator } from "../i18n/translate.ts";
import type { ContactInfo } from "../lib/contact-info.ts";
import type { PageSeo } from "../lib/meta.ts";
import { servicesOf } from "../page-request.server.ts";

/**
 * What search engines and link previews read of a page, worked out by its loader on the server
 * (so none of it weighs on the browser's JavaScript): the canonical address of the page in its
 * language and the alternates (server/seo/crawler-files.ts lists the same in the sitemap), the
 * description, the picture, and schema.org structured data built from the live catalogue and
 * configuration. app/lib/meta.ts turns it into tags.
 */

type LoaderContext = Readonly<RouterContextProvider>;
type JsonLd = Record<string, unknown>;

/** Spec §1: the description is Romanian whatever the interface language. */
export const HOME_DESCRIPTION =
  "Închiriere utilaje pentru construcții în București și în toată țara: excavatoare, miniexcavatoare, " +
  "buldoexcavatoare, încărcătoare frontale, cilindri compactori, plăci compactoare, motostivuitoare și nacele " +
  "de la Caterpillar, JCB, Komatsu, Volvo, Bobcat, Bomag și Manitou, cu sau fără operator.";

const DESCRIPTIONS: Record<Locale, { category: (category: string, models: string[]) => string; contact: string }> = {
  ro: {
    category: (category, models) => `Închiriere ${category.toLocaleLowerCase("ro-RO")}${models.length ? `: ${models.join(", ")}` : ""}. Cereți o ofertă.`,
    contact: "Cereți o ofertă de închiriere utilaje: telefon, e-mail sau formularul de contact.",
  },
  en: {
    category: (category, models) => `${category} for rent${models.length ? `: ${models.join(", ")}` : ""}. Ask for an offer.`,
    contact: "Ask for an equipment rental offer: phone, e-mail or the contact form.",
  },
};

/** Search-engine descriptions stay short: about 160 characters, cut at a word. */
function shorten(text: string, limit = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= limit) return flat;
  return `${flat.slice(0, flat.lastIndexOf(" ", limit - 1))}…`;
}

/** The text of a sanitised rich-text fragment (tags dropped, the few entities our sanitiser writes decoded). */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
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
}

/** The search-engine facts of the page the request asks for. */
export function pageSeo(request: Request, context: LoaderContext, facts: PageFacts): PageSeo {
  const siteUrl = siteUrlOf(context);
  const url = new URL(request.url);
  // React Router's data requests (`/home.data`) describe the page they load.
  const pathname = url.pathname.replace(/\.data$/, "") || "/";
  const language = languageOfRequest(url, request.headers.get("Cookie"));
  return {
    description: shorten(facts.description),
    canonical: languageUrl(siteUrl, pathname, language),
    alternates: alternateUrls(siteUrl, pathname),
    image: facts.image ? `${siteUrl}${facts.image}` : `${siteUrl}/logo.svg`,
    type: facts.type ?? "website",
    locale: language === "ro" ? "ro_RO" : "en_US",
    jsonLd: facts.jsonLd ?? [],
  };
}

export function categoryDescription(request: Request, category: string, models: string[]): string {
  const language = languageOfRequest(new URL(request.url), request.headers.get("Cookie"));
  return DESCRIPTIONS[language].category(category, models);
}

export function contactDescription(request: Request): string {
  return DESCRIPTIONS[languageOfRequest(new URL(request.url), request.headers.get("Cookie"))].contact;
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

/** schema.org BreadcrumbList: the home page (named as the site), then each page down to this one. */
export function breadcrumbs(request: Request, context: LoaderContext, pages: { name: string; pathname: string }[]): JsonLd {
  const siteUrl = siteUrlOf(context);
  const language = languageOfRequest(new URL(request.url), request.headers.get("Cookie"));
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

/** schema.org Product of a machine page: name, pictures, category, the offer text as description. */
export function productJsonLd(request: Request, context: LoaderContext, product: ProductView, pathname: string): JsonLd {
  const siteUrl = siteUrlOf(context);
  const language = languageOfRequest(new URL(request.url), request.headers.get("Cookie"));
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.model,
    category: product.category,
    description: shorten(plainText(product.header_offer) || plainText(product.details), 500),
    image: [product.header_photo, ...product.gallery].map((picture) => `${siteUrl}${picture.image}`),
    url: languageUrl(siteUrl, pathname, language),
  };
}
