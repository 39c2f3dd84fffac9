import { use } from "react";
import { loadedTranslator, loadLanguage, translator, type Translate } from "./translate.ts";
import { usePageLanguage } from "./use-language.ts";

/**
 * `t` in the language the page is rendered in; switching language re-renders through the root loader.
 * A language whose dictionary the browser has not loaded (the root's error screen of an admin page,
 * whose document is Romanian, for a visitor who chose English) suspends the component until it has.
 */
export function useTranslation(): { t: Translate } {
  const language = usePageLanguage();
  const loaded = loadedTranslator(language);
  if (loaded) return { t: loaded };
  use(loadLanguage(language));
  return { t: translator(language) };
}
