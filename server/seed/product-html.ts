import {
  PRODUCT_TEXTS,
  englishOf,
  type EnglishText,
  type ProductTextField,
} from "../../common/language/product-texts.ts";
import type { Locale } from "../../common/language/language.ts";
import type { NewProduct } from "../db/schema.ts";
import type { DemoCategory, DemoProduct, ProductTexts } from "./demo-data.ts";

/**
 * The three rich-text fields of a demo product, in Romanian and in English, as the small, safe subset
 * of HTML the admin editor produces (paragraphs, lists, bold, a table). Every text from the data is
 * escaped. The figures are typed specification values (decision 057), not text: the technical data
 * keeps what is not a figure, the machine's equipment and where its maker's data sheet is.
 */

interface ProductHtml {
  header_offer: string;
  details: string;
  technical_data: string;
}

export type ProductColumns = Pick<NewProduct, ProductTextField>;

/** The words around the data, in each language (the rates are the machine's, shown by its page: decision 093). */
interface Wording {
  headline: (singular: string, model: string) => string;
  transport: string;
  equipment: string;
  specification: string;
  value: string;
  dataSheet: readonly [label: string, text: string];
}

const WORDING: Record<Locale, Wording> = {
  ro: {
    headline: (singular, model) => `Închiriere ${singular} ${model}`,
    transport: "Transport la șantier cu trailerul propriu",
    equipment: "Dotări",
    specification: "Caracteristică",
    value: "Valoare",
    dataSheet: ["Fișă tehnică", "Fișa completă a producătorului, trimisă la cerere"],
  },
  en: {
    headline: (singular, model) => `${model} ${singular} for rent`,
    transport: "Transport to site on our own trailer",
    equipment: "Equipment",
    specification: "Specification",
    value: "Value",
    dataSheet: ["Data sheet", "The maker's full data sheet, sent on request"],
  },
};

/** An English field left empty: not translated, so the pages show the Romanian. */
const NOT_TRANSLATED: ProductHtml = { header_offer: "", details: "", technical_data: "" };

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function list(items: readonly string[]): string {
  return `<ul>${items.map((item) => `<li>${item}</li>`).join("")}</ul>`;
}

/** The product's three fields in `locale`, from its `texts` in that language. */
function htmlIn(locale: Locale, texts: ProductTexts, product: DemoProduct, category: DemoCategory): ProductHtml {
  const words = WORDING[locale];
  const header_offer = [
    `<p><strong>${escapeHtml(words.headline(category.singular[locale], product.model))}</strong></p>`,
    `<p>${escapeHtml(texts.offer)}</p>`,
    list([escapeHtml(category.crew[locale]), escapeHtml(words.transport)]),
  ].join("");
  const details = texts.description.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("");
  const head = `<tr><th scope="col">${escapeHtml(words.specification)}</th><th scope="col">${escapeHtml(words.value)}</th></tr>`;
  const [sheetLabel, sheetText] = words.dataSheet;
  const rows = [
    `<tr><th scope="row">${escapeHtml(words.equipment)}</th><td>${list(texts.features.map(escapeHtml))}</td></tr>`,
    `<tr><th scope="row">${escapeHtml(sheetLabel)}</th><td>${escapeHtml(sheetText)}</td></tr>`,
  ].join("");
  const technical_data = `<table><thead>${head}</thead><tbody>${rows}</tbody></table>`;
  return { header_offer, details, technical_data };
}

/** The product's rich texts in both languages; the English ones empty when it has no English texts. */
export function productHtml(product: DemoProduct, category: DemoCategory): ProductColumns {
  const ro = htmlIn("ro", product.ro, product, category);
  const en = product.en ? htmlIn("en", product.en, product, category) : NOT_TRANSLATED;
  return {
    ...ro,
    ...(Object.fromEntries(PRODUCT_TEXTS.map((field) => [englishOf(field), en[field]])) as Record<EnglishText, string>),
  };
}
