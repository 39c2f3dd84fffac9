import { redirect } from "react-router";
import { languageUrl, productPath } from "../../common/pages/page-urls.ts";
import { richTextParagraphs } from "../../common/text/rich-text.ts";
import { specSheetDisposition, specSheetPath, type SpecSheetContent } from "../../common/catalogue/spec-sheet.ts";
import type { ShownText } from "../../common/language/english-fallback.ts";
import { COMPANY } from "../company.ts";
import { addressedProduct } from "../i18n/product-page.server.ts";
import { pageLanguage, shownProduct } from "../i18n/shown-content.server.ts";
import { shownFigures } from "../i18n/shown-specifications.server.ts";
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
  const pdf = await services.specSheet(content);
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...NOINDEX,
      "Content-Type": "application/pdf",
      "Content-Disposition": specSheetDisposition(product.model, language),
      "Content-Language": language,
    },
  });
}
