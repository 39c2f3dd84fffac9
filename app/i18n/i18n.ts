import i18next, { type i18n, type TFunction } from "i18next";
import type { Locale } from "../../common/error-codes.ts";
import { en } from "./en.ts";
import { DEFAULT_LANGUAGE, LANGUAGES } from "./language.ts";
import { ro } from "./ro.ts";

const resources = { ro: { translation: ro }, en: { translation: en } };

/**
 * One i18next instance per language, made on first use and then shared: the dictionaries are in the
 * bundle, so initialisation is synchronous, and a language never changes inside an instance — which
 * keeps concurrent server renders in different languages apart.
 */
const instances = new Map<Locale, i18n>();

export function i18nFor(language: Locale): i18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = i18next.createInstance({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGES,
      resources,
      initAsync: false,
      // React escapes what it renders; escaping here too would show &amp; and friends.
      interpolation: { escapeValue: false },
    });
    void instance.init();
    instances.set(language, instance);
  }
  return instance;
}

/** The translate function outside components (route `meta` exports). */
export function translator(language: Locale): TFunction {
  return i18nFor(language).getFixedT(language);
}
