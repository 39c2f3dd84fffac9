import type { ShownText } from "../../common/language/english-fallback.ts";
import { usePageLanguage } from "../i18n/use-language.ts";

/**
 * The `lang` a text needs inside the page: none when it is in the page's language, "ro" where an
 * English page falls back to the Romanian, so a screen reader pronounces it as Romanian.
 */
export function useLangOf(shown: ShownText): string | undefined {
  return shown.lang === usePageLanguage() ? undefined : shown.lang;
}

/** A short text the company wrote (a category name), in the page's language or marked as Romanian. */
export function Shown({ text }: { text: ShownText }) {
  const lang = useLangOf(text);
  return lang ? <span lang={lang}>{text.text}</span> : text.text;
}
