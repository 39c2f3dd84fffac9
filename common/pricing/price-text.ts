import { romanianCountTakesDe } from "../language/counted-words.ts";
import type { Locale } from "../language/language.ts";
import type { ProductPrices } from "./machine-prices.ts";
import type { Currency } from "./money.ts";
import type { PriceSettings } from "./price-settings.ts";

/**
 * How the public side writes prices (decision 093), in one place: amounts by the site's currency
 * ("450 lei", "1.250,50 lei", "450 €" in Romanian; "450 lei", "1,250.50 lei", "€450" in English),
 * whole amounts without decimals, and the texts of the product page's price table, the card's line
 * and the quote list's estimate in both languages. Pure: the server writes them into a page's data,
 * and only the quote list's estimate runs them in the browser.
 */

const formats = new Map<string, Intl.NumberFormat>();

function figureOf(minor: number, locale: Locale): string {
  const decimals = minor % 100 === 0 ? 0 : 2;
  const key = `${locale}${decimals}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale === "ro" ? "ro-RO" : "en-GB", {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: "always",
    });
    formats.set(key, format);
  }
  return format.format(minor / 100);
}

/** An amount as a visitor reads it: "450 lei", "2.500,50 lei", "450 €", "€2,500.50". */
export function priceText(minor: number, currency: Currency, locale: Locale): string {
  const figure = figureOf(minor, locale);
  if (currency === "RON") return `${figure} lei`;
  return locale === "ro" ? `${figure} €` : `€${figure}`;
}

const ro = {
  heading: "Prețuri",
  from: "de la {{amount}}/zi + TVA",
  onRequest: "Preț la cerere",
  day: "1 zi",
  week: "1 săptămână (7 zile)",
  month: "1 lună (30 de zile)",
  minimumDays: "Minimum de închiriere",
  days: "{{count}} zile",
  daysWithDe: "{{count}} de zile",
  oneDay: "1 zi",
  operator: "Operator, pe zi",
  deposit: "Garanție",
  depositNote: "Garanția se returnează și nu se adaugă la preț.",
  excludingVat: "Prețuri fără TVA ({{rate}} %). O perioadă mai lungă costă cel mult cât tariful mai lung.",
  sortByPrice: "Preț pe zi",
  estimate: "Estimativ, fără TVA",
  estimateTotal: "Total estimativ, fără TVA",
  estimateOperator: "cu operator",
  estimateUnits: "{{count}} unități",
  estimateUnitsWithDe: "{{count}} de unități",
  estimateNote:
    "Calculat din tarifele publicate pentru zilele alese; oferta finală o primiți de la noi. Garanția nu este inclusă.",
  estimateMissing: "Alegeți zilele pentru a vedea prețul.",
  estimateMissingUnits: "Alegeți numărul de unități pentru a vedea prețul.",
  estimateOnRequest: "Preț la cerere",
};

const en: typeof ro = {
  heading: "Prices",
  from: "from {{amount}}/day + VAT",
  onRequest: "Price on request",
  day: "1 day",
  week: "1 week (7 days)",
  month: "1 month (30 days)",
  minimumDays: "Minimum rental",
  days: "{{count}} days",
  daysWithDe: "{{count}} days",
  oneDay: "1 day",
  operator: "Operator, per day",
  deposit: "Deposit",
  depositNote: "The deposit is returned and is not added to the price.",
  excludingVat: "Prices excluding VAT ({{rate}} %). A longer rental never costs more than the longer rate.",
  sortByPrice: "Price per day",
  estimate: "Estimate, excl. VAT",
  estimateTotal: "Estimated total, excl. VAT",
  estimateOperator: "with operator",
  estimateUnits: "{{count}} units",
  estimateUnitsWithDe: "{{count}} units",
  estimateNote:
    "Computed from the published rates for the days chosen; the final offer comes from us. The deposit is not included.",
  estimateMissing: "Choose the days to see the price.",
  estimateMissingUnits: "Choose the number of units to see the price.",
  estimateOnRequest: "Price on request",
};

export type PriceTexts = typeof ro;
export const PRICE_TEXTS: Record<Locale, PriceTexts> = { ro, en };

/** Fills "{{name}}" parts (the price texts are written outside the dictionaries every page loads). */
export function fillPrice(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (part, name: string) => String(values[name] ?? part));
}

/** One row of the product page's price table. */
export interface PriceRow {
  label: string;
  value: string;
}

/** What the product page shows of a machine's prices, written in the page's language. */
export interface ShownPrices {
  heading: string;
  /** "de la 450 lei/zi + TVA", or "Preț la cerere". */
  lead: string;
  rows: PriceRow[];
  notes: string[];
}

/** "1 zi", "3 zile", "20 de zile" ("1 day", "3 days"). */
export function daysText(count: number, texts: PriceTexts): string {
  if (count === 1) return texts.oneDay;
  return fillPrice(romanianCountTakesDe(count) ? texts.daysWithDe : texts.days, { count });
}

/** "3 unități", "20 de unități" (more than one: one unit is not said). */
export function unitsText(count: number, texts: PriceTexts): string {
  return fillPrice(romanianCountTakesDe(count) ? texts.estimateUnitsWithDe : texts.estimateUnits, { count });
}

/** The card's line: "de la 450 lei/zi + TVA", "Preț la cerere", or null when the machine has no day rate shown. */
export function fromPriceText(prices: ProductPrices, settings: PriceSettings, locale: Locale): string | null {
  const texts = PRICE_TEXTS[locale];
  if (prices.on_request) return texts.onRequest;
  if (prices.day === null) return null;
  return fillPrice(texts.from, { amount: priceText(prices.day, settings.currency, locale) });
}

/**
 * The product page's prices: the lead line and the table by duration (day, week, month, the minimum
 * days, the operator's day rate and the deposit, each only when the machine has it). Null when
 * nothing is to be shown (no day rate and not on request).
 */
export function shownPrices(prices: ProductPrices, settings: PriceSettings, locale: Locale): ShownPrices | null {
  const lead = fromPriceText(prices, settings, locale);
  if (lead === null) return null;
  const texts = PRICE_TEXTS[locale];
  if (prices.on_request) return { heading: texts.heading, lead, rows: [], notes: [] };
  const money = (minor: number) => priceText(minor, settings.currency, locale);
  const rows: PriceRow[] = [];
  const add = (label: string, value: number | null, write: (value: number) => string = money) => {
    if (value !== null) rows.push({ label, value: write(value) });
  };
  add(texts.day, prices.day);
  add(texts.week, prices.week);
  add(texts.month, prices.month);
  add(
    texts.minimumDays,
    prices.minimum_days !== null && prices.minimum_days > 1 ? prices.minimum_days : null,
    (count) => daysText(count, texts),
  );
  add(texts.operator, prices.operator_day);
  add(texts.deposit, prices.deposit);
  const rate = figureOf(settings.vatRate, locale);
  const notes = [fillPrice(texts.excludingVat, { rate })];
  if (prices.deposit !== null) notes.push(texts.depositNote);
  return { heading: texts.heading, lead, rows, notes };
}
