import { redirect } from "react-router";
import { languageUrl, productPath } from "../../common/pages/page-urls.ts";
import { richTextParagraphs } from "../../common/text/rich-text.ts";
import { specSheetDisposition, specSheetPath, type SpecSheetContent } from "../../common/catalogue/spec-sheet.ts";
import { escapeHtml } from "../../common/text/html-escape.ts";
import type { ShownText } from "../../common/language/english-fallback.ts";
import { COMPANY } from "../company.ts";
import { addressedProduct } from "../page-data/product-page.server.ts";
import { pageLanguage, shownProduct } from "../page-data/shown-content.server.ts";
import { shownFigures } from "../page-data/shown-specifications.server.ts";
import { SPEC_SHEET_TEXTS } from "../i18n/spec-sheet-texts.server.ts";
import { translator } from "../i18n/translate.ts";
import { contactInfo } from "../lib/contact-info.ts";
import { servicesOf } from "../page-request.server.ts";
import type { Route } from "./+types/spec-sheet";

/** A file for people, not a page for search engines (nor listed in the sitemap). */
const NOINDEX = { "X-Robots-Tag": "noindex" };

const paragraphs = (shown: ShownText): ShownText[] =>
  richTextParagraphs(shown.text).map((text) => ({ text, lang: shown.lang }));

/**
 * A machine's spec sheet, `<product page>/fisa-tehnica.pdf?lang=ro|en` (decision 059): a PDF of
 * what its page shows in that language, made by the server's spec-sheet service. A GET of a public
 * path, so the page cache keeps it per language and catalogue version like a page: a catalogue
 * write makes it again, a deleted machine's is a 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const addressed = await addressedProduct(context, params);
  if (!addressed)
    return new Response("Not found", {
      status: 404,
      headers: { ...NOINDEX, "Content-Type": "text/plain; charset=utf-8" },
    });
  const { product: found, canonical, definitions } = addressed;
  const language = pageLanguage(request);
  if (productPath(params.category_name, params.product_model) !== canonical)
    throw redirect(specSheetPath(canonical, language), 301);
  const services = servicesOf(context);
  const product = shownProduct(found, language);
  const t = translator(language);
  const texts = SPEC_SHEET_TEXTS[language];
  const contact = contactInfo(await services.catalogue.configuration());
  const content: SpecSheetContent = {
    language,
    title: texts.title(product.model),
    company: { legalName: COMPANY.legalName, address: COMPANY.address, phones: contact.phones, emails: contact.emails },
    model: product.model,
    category: product.category,
    photo: { image: product.header_photo.image, alt: product.header_photo.alt },
    offer: { heading: t("product.offer"), paragraphs: paragraphs(product.header_offer) },
    specifications: {
      heading: t("product.specifications"),
      rows: shownFigures(definitions, found.specifications, language).map(({ name, value }) => ({ name, value })),
    },
    notes: { heading: t("product.technicalData"), paragraphs: paragraphs(product.technical_data) },
    pageUrl: languageUrl(services.publicUrl, canonical, language),
    labels: texts.labels,
  };
  const sheet = await services.specSheet(content);
  if ("notMade" in sheet) return notMadePage(sheet, content);
  return new Response(new Uint8Array(sheet.pdf), {
    headers: {
      ...NOINDEX,
      "Content-Type": "application/pdf",
      "Content-Disposition": specSheetDisposition(product.model, language),
      "Content-Language": language,
    },
  });
}

/**
 * A sheet that was not made (decision 067): a short page in the sheet's language that says so and
 * links the machine's page; 503 with Retry-After when too many sheets wait, 500 otherwise. Never
 * cached (the page cache keeps only 200s).
 */
function notMadePage(
  sheet: { notMade: "busy"; retryAfterSeconds: number } | { notMade: "failed" },
  content: SpecSheetContent,
): Response {
  const texts = SPEC_SHEET_TEXTS[content.language].notMade;
  const html = `<!doctype html>
<html lang="${content.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(texts.heading)}</title></head>
<body><main><h1>${escapeHtml(texts.heading)}</h1><p>${escapeHtml(sheet.notMade === "busy" ? texts.busy : texts.failed)}</p><p><a href="${escapeHtml(content.pageUrl)}">${escapeHtml(texts.link)}</a></p></main></body></html>`;
  return new Response(html, {
    status: sheet.notMade === "busy" ? 503 : 500,
    headers: {
      ...NOINDEX,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Language": content.language,
      "Cache-Control": "no-store",
      ...(sheet.notMade === "busy" ? { "Retry-After": String(sheet.retryAfterSeconds) } : {}),
    },
  });
}
