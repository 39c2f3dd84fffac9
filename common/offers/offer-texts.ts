import { romanianCountTakesDe } from "../language/counted-words.ts";
import type { Locale } from "../language/language.ts";
import { PERCENT } from "../pricing/money.ts";

/**
 * How an offer's figures are written, in either language (decision 094): the document the customer
 * reads and the office's screens say them the same way.
 */

/** The tag Intl writes each language's numbers and dates with. */
export const LOCALE_TAGS: Record<Locale, string> = { ro: "ro-RO", en: "en-GB" };

/** Hundredths of a percent as a percentage: "10 %", "9,5 %" ("9.5 %" in English). */
export function percentText(hundredths: number, language: Locale): string {
  const figure = (hundredths / PERCENT).toLocaleString(LOCALE_TAGS[language], { maximumFractionDigits: 2 });
  return `${figure} %`;
}

const UNITS = {
  ro: { month: ["lună", "luni"], week: ["săptămână", "săptămâni"], day: ["zi", "zile"] },
  en: { month: ["month", "months"], week: ["week", "weeks"], day: ["day", "days"] },
} as const;

export type PeriodUnit = keyof (typeof UNITS)["ro"];

/** "1 zi", "3 zile", "20 de zile": Romanian writes "de" after 20 and over (but not after 101–119). */
export function countedText(count: number, unit: PeriodUnit, language: Locale): string {
  const [one, many] = UNITS[language][unit];
  if (count === 1) return `1 ${one}`;
  const of = language === "ro" && romanianCountTakesDe(count) ? "de " : "";
  return `${count} ${of}${many}`;
}

/** The periods the pricing rule charged for a range of days: "1 săptămână + 2 zile"; empty for none. */
export function coverText(periods: { months: number; weeks: number; days: number }, language: Locale): string {
  return (["month", "week", "day"] as const)
    .map((unit) => ({ unit, count: periods[`${unit}s`] }))
    .filter(({ count }) => count > 0)
    .map(({ unit, count }) => countedText(count, unit, language))
    .join(" + ");
}
