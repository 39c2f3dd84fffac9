import type { Locale } from "../language/language.ts";
import { shownText, type ShownText } from "../language/english-fallback.ts";
import {
  SPECIFICATION_NUMBER_DECIMALS,
  type SpecificationValue,
  type SpecificationView,
} from "./specification-schema.ts";
import { UNITS } from "./units.ts";

/**
 * A specification's value as a page writes it, in the page's language: numbers with that language's
 * separators (ro `22.500 kg`, `6,72 m`; en `22,500 kg`, `6.72 m`), units as it names them (CP / hp),
 * options and texts in English where translated, Romanian otherwise (marked by `lang`).
 */

const numberFormats: Partial<Record<Locale, Intl.NumberFormat>> = {};

/** Made once per language: a formatter costs far more than a format. */
function numberFormat(language: Locale): Intl.NumberFormat {
  return (numberFormats[language] ??= new Intl.NumberFormat(language === "ro" ? "ro-RO" : "en-GB", {
    maximumFractionDigits: SPECIFICATION_NUMBER_DECIMALS,
  }));
}

export function formatNumber(value: number, language: Locale): string {
  return numberFormat(language).format(value);
}

/** A number with its unit, a non-breaking space between (so `22.500 kg` never wraps apart). */
export function formatQuantity(value: number, unit: SpecificationView["unit"], language: Locale): string {
  const number = formatNumber(value, language);
  return unit === null ? number : `${number}\u00a0${UNITS[unit][language]}`;
}

const yesNo: Record<Locale, readonly [yes: string, no: string]> = { ro: ["Da", "Nu"], en: ["Yes", "No"] };

/** The value as text, or null when it does not fit the definition (a stale option, a wrong type). */
export function formatSpecificationValue(
  specification: SpecificationView,
  value: SpecificationValue,
  language: Locale,
): ShownText | null {
  switch (specification.kind) {
    case "number":
      return typeof value === "number"
        ? { text: formatQuantity(value, specification.unit, language), lang: language }
        : null;
    case "yes_no":
      return typeof value === "boolean" ? { text: yesNo[language][value ? 0 : 1], lang: language } : null;
    case "choice": {
      const option =
        typeof value === "string" ? specification.options.find((candidate) => candidate.uuid === value) : undefined;
      return option === undefined ? null : shownText(option.name, option.name_en, language);
    }
    case "text":
      return typeof value === "object" ? shownText(value.ro, value.en, language) : null;
  }
}

/** The specification's name in the page's language (Romanian where not translated). */
export function specificationName(
  specification: Pick<SpecificationView, "name" | "name_en">,
  language: Locale,
): ShownText {
  return shownText(specification.name, specification.name_en, language);
}
