import type { Locale } from "../language/language.ts";
import type { Currency } from "./money.ts";

/**
 * Amounts as a person types and reads them (decision 089): lei or euros with at most two decimals, a comma
 * or a point before them, spaces or points between thousands ("1 250,50", "1.250,50", "1250.5"), and the
 * one conversion to and from whole minor units. Read from the text, never through a float, so "0,29" is 29.
 */

/** Digits, optionally grouped by spaces or points in threes (never after a leading 0: "0.500" is refused, not 500), then a comma or point and one or two decimals. */
const AMOUNT_PATTERN = /^([1-9]\d{0,2}(?:[ .]\d{3})+|\d+)(?:[,.](\d{1,2}))?$/;

/**
 * Minor units of a typed amount: null when nothing is typed, undefined when the text is not an amount with
 * at most two decimals (a third decimal is not rounded away: a price is what the company wrote).
 */
export function minorUnitsOf(text: string): number | null | undefined {
  const typed = text.trim();
  if (typed === "") return null;
  const match = AMOUNT_PATTERN.exec(typed);
  if (!match) return undefined;
  const whole = Number(match[1].replace(/[ .]/g, ""));
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  return whole * 100 + fraction;
}

/** The text a form starts with for a stored amount: "1250,50"; empty for none. */
export function amountInput(minor: number | null | undefined): string {
  if (minor === null || minor === undefined) return "";
  return `${Math.trunc(minor / 100)},${String(minor % 100).padStart(2, "0")}`;
}

const CURRENCY_WORDS: Record<Currency, Record<Locale, string>> = {
  RON: { ro: "lei", en: "lei" },
  EUR: { ro: "euro", en: "euros" },
};

/** An amount as a page writes it, in the page's language: "2.500,00 lei", "2,500.00 euros". */
export function moneyText(minor: number, currency: Currency, locale: Locale): string {
  const figure = (minor / 100).toLocaleString(locale === "ro" ? "ro-RO" : "en-GB", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: "always",
  });
  return `${figure} ${CURRENCY_WORDS[currency][locale]}`;
}
