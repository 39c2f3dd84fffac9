import type { Locale } from "../../common/language/language.ts";
import type { OfferLineView, OfferView } from "../../common/offers/offer-schemas.ts";
import { countedText, coverText, LOCALE_TAGS, percentText } from "../../common/offers/offer-texts.ts";
import { moneyText } from "../../common/pricing/amount-text.ts";
import { DEFAULT_CURRENCY, isCurrency } from "../../common/pricing/price-settings.ts";
import type { CompanySettings } from "../../common/schemas/company-settings.ts";

/**
 * What an offer's document says (decision 094), every text already written in the customer's
 * language: the drawing (./draw-offer.ts) only lays it out. Texts stay as they were written: pdfkit
 * draws markup as the characters it is made of.
 */

export interface OfferDocumentLine {
  description: string;
  /** The days, units, operator and the rate the pricing rule applied; empty for a free line. */
  detail: string;
  amount: string;
  discount: string;
  total: string;
}

export interface OfferDocument {
  language: Locale;
  /** The document's title (its metadata) and heading: "Ofertă OF-2026-0001". */
  title: string;
  /** The company's legal name, then its codes and address, one per line (the empty ones left off). */
  letterhead: { name: string; lines: string[] };
  /** Date, validity, version: a label and its value each. */
  facts: { label: string; value: string }[];
  customer: { heading: string; lines: string[] };
  columns: { description: string; amount: string; discount: string; total: string };
  lines: OfferDocumentLine[];
  totals: { label: string; value: string; strong: boolean }[];
  /** Headed texts after the totals (notes, terms), paragraphs separated by line breaks. */
  texts: { heading: string; text: string }[];
  /** The address the QR code holds, and its caption. */
  link: { url: string; caption: string };
  /** "OF-2026-0001 v1 · pagina": each page's foot, its number and the count written after it ("1/2"). */
  pageFoot: string;
  madeAt: Date;
}

const TEXTS = {
  ro: {
    title: (number: string) => `Ofertă ${number}`,
    version: "Versiunea",
    date: "Data",
    validUntil: "Valabilă până la",
    customer: "Client",
    cui: "CUI",
    regCom: "Reg. Com.",
    iban: "IBAN",
    columns: { description: "Descriere", amount: "Valoare", discount: "Reducere", total: "Total" },
    units: (count: number) => `${count} buc.`,
    operator: "cu operator",
    rate: "tarif aplicat",
    subtotal: "Subtotal",
    discount: (percent: string) => `Reducere ${percent}`,
    net: "Total fără TVA",
    vat: (percent: string) => `TVA ${percent}`,
    total: "Total de plată",
    notes: "Observații",
    terms: "Condiții de închiriere",
    site: "Site-ul nostru",
    online: "Oferta online",
    answer: "Răspunsul dumneavoastră",
    answerAt: (url: string) => `Vedeți oferta și acceptați-o sau refuzați-o online, la adresa:\n${url}`,
    page: "pagina",
  },
  en: {
    title: (number: string) => `Offer ${number}`,
    version: "Version",
    date: "Date",
    validUntil: "Valid until",
    customer: "Customer",
    cui: "Tax ID (CUI)",
    regCom: "Trade Reg.",
    iban: "IBAN",
    columns: { description: "Description", amount: "Amount", discount: "Discount", total: "Total" },
    units: (count: number) => `${count} ${count === 1 ? "unit" : "units"}`,
    operator: "with operator",
    rate: "rate applied",
    subtotal: "Subtotal",
    discount: (percent: string) => `Discount ${percent}`,
    net: "Total excluding VAT",
    vat: (percent: string) => `VAT ${percent}`,
    total: "Total due",
    notes: "Notes",
    terms: "Terms of rental",
    site: "Our website",
    online: "This offer online",
    answer: "Your answer",
    answerAt: (url: string) => `See the offer and accept or refuse it online, at:\n${url}`,
    page: "page",
  },
} as const;

/** A Romanian day (YYYY-MM-DD) as the language writes a date: "1 decembrie 2026", "1 December 2026". */
export function dayText(day: string, language: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[language], { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

function momentText(at: string, language: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[language], { dateStyle: "long", timeZone: "Europe/Bucharest" }).format(
    new Date(at),
  );
}

/** A Romanian day (YYYY-MM-DD) in figures, as the language writes them: "01.12.2026", "01/12/2026". */
function shortDay(day: string, language: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[language], { dateStyle: "short", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** A machine line's days on one line; its units, operator and the rate the rule applied on the next. */
function lineDetail(line: OfferLineView, language: Locale): string {
  if (line.kind === "free") return "";
  const texts = TEXTS[language];
  const when: string[] = [];
  if (line.first_day && line.last_day)
    when.push(`${shortDay(line.first_day, language)} – ${shortDay(line.last_day, language)}`);
  if (line.days !== null) when.push(`(${countedText(line.days, "day", language)})`);
  const what = [texts.units(line.units)];
  if (line.with_operator) what.push(texts.operator);
  const cover = line.periods ? coverText(line.periods, language) : "";
  if (cover !== "") what.push(`${texts.rate}: ${cover}`);
  return [when.join(" "), what.join(" · ")].filter((part) => part !== "").join("\n");
}

/**
 * The address an offer's document points to: the company's site, or the offer's personal link
 * (decision 096) in the document sent with it, its only copy that carries the token.
 */
export interface OfferLink {
  url: string;
  personal: boolean;
}

/**
 * The document of one offer version in its customer's language, with the terms of rental of
 * Configurare in it. `link`: the address its QR code holds; a personal one is also printed whole
 * under the totals, where the customer reads how to answer.
 */
export function offerDocument(
  offer: OfferView,
  company: CompanySettings,
  terms: Record<Locale, string>,
  link: OfferLink,
  madeAt: Date,
): OfferDocument {
  const language = offer.lang;
  const texts = TEXTS[language];
  const currency = isCurrency(offer.currency) ? offer.currency : DEFAULT_CURRENCY;
  const money = (minor: number) => moneyText(minor, currency, language);
  const minus = (minor: number) => `−${money(minor)}`;
  const filled = (lines: (string | false)[]) => lines.filter((line): line is string => line !== false && line !== "");
  return {
    language,
    title: texts.title(offer.number),
    letterhead: {
      name: company.legalName,
      lines: filled([
        company.cui !== "" && `${texts.cui}: ${company.cui}`,
        company.regCom !== "" && `${texts.regCom}: ${company.regCom}`,
        company.address,
        company.iban !== "" && `${texts.iban}: ${company.iban}`,
      ]),
    },
    facts: [
      { label: texts.date, value: momentText(offer.sent_at ?? offer.created_at, language) },
      { label: texts.validUntil, value: dayText(offer.valid_until, language) },
      { label: texts.version, value: String(offer.offer_version) },
    ],
    customer: {
      heading: texts.customer,
      lines: filled([offer.customer_name, offer.customer_company, offer.customer_email, offer.customer_phone]),
    },
    columns: texts.columns,
    lines: offer.lines.map((line) => ({
      description: line.description,
      detail: lineDetail(line, language),
      amount: money(line.amount),
      discount: line.discount > 0 ? `${percentText(line.discount, language)}\n${minus(line.discount_amount)}` : "",
      total: money(line.total),
    })),
    totals: [
      { label: texts.subtotal, value: money(offer.subtotal), strong: false },
      ...(offer.discount > 0
        ? [
            {
              label: texts.discount(percentText(offer.discount, language)),
              value: minus(offer.discount_amount),
              strong: false,
            },
          ]
        : []),
      { label: texts.net, value: money(offer.net), strong: false },
      { label: texts.vat(percentText(offer.vat_rate, language)), value: money(offer.vat_amount), strong: false },
      { label: texts.total, value: money(offer.total), strong: true },
    ],
    texts: [
      ...(link.personal ? [{ heading: texts.answer, text: texts.answerAt(link.url) }] : []),
      { heading: texts.notes, text: offer.notes },
      { heading: texts.terms, text: terms[language] },
    ].filter(({ text }) => text !== ""),
    link: { url: link.url, caption: link.personal ? texts.online : texts.site },
    pageFoot: `${offer.number} v${offer.offer_version} · ${texts.page}`,
    madeAt,
  };
}
