import { translator, type Translate } from "./translate.ts";
import { usePageLanguage } from "./use-language.ts";

/** `t` in the language the page is rendered in; switching language re-renders through the root loader. */
export function useTranslation(): { t: Translate } {
  return { t: translator(usePageLanguage()) };
}
