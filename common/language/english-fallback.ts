import type { Locale } from "./language.ts";

/**
 * Content the company writes in Romanian and, field by field, in English. An English value left
 * empty is "not translated": a page in English shows the Romanian text there, marked as Romanian.
 */

/** A text as a page shows it: in the language asked for, or the Romanian fallback, and which it is. */
export interface ShownText {
  text: string;
  lang: Locale;
}

/** The field in `locale`: English when written, the Romanian otherwise (also when Romanian is asked). */
export function shownText(ro: string, en: string, locale: Locale): ShownText {
  return locale === "en" && en.trim() !== "" ? { text: en, lang: "en" } : { text: ro, lang: "ro" };
}
