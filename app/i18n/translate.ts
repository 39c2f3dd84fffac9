import type { Locale } from "../../common/language/language.ts";
import type { Dictionary } from "./ro.ts";

/**
 * Our own dictionary lookup instead of i18next (docs/decisions/009-the-public-pages-translate-with-their-own.md): the
 * public pages need no more than a text per dotted key with {{name}} placeholders, and the library cost a fifth of
 * the JavaScript budget. Each language's dictionary is a module of its own, loaded before it is
 * needed (decision 056): the server loads both at start, the browser the page's language before
 * hydrating and another one before it switches to it, so a translator is there synchronously when a
 * page renders; a translator never changes language, so concurrent server renders in different
 * languages stay apart.
 */

/** Every dotted path to a text of the dictionaries, e.g. 'banner.slide': a typo fails the type check. */
type KeysOf<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${KeysOf<T[K]>}` }[keyof T & string];
export type TranslationKey = KeysOf<Dictionary>;
export type TranslationValues = Readonly<Record<string, string | number>>;
export type Translate = (key: TranslationKey, values?: TranslationValues) => string;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

function lookup(dictionary: Dictionary, key: TranslationKey): string {
  let node: unknown = dictionary;
  for (const part of key.split(".")) {
    node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  // Unreachable while the keys are typed; the key itself is a better sight than an empty label.
  return typeof node === "string" ? node : key;
}

/** A text with its {{name}} placeholders filled in (also for the texts a page's own feature keeps, decision 058). */
export function fillPlaceholders(text: string, values: TranslationValues): string {
  // React escapes what it renders, so the values go in as they are.
  return text.replace(PLACEHOLDER, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}

function translatorFor(dictionary: Dictionary): Translate {
  return (key, values) => {
    const text = lookup(dictionary, key);
    return values ? fillPlaceholders(text, values) : text;
  };
}

const DICTIONARIES: Record<Locale, () => Promise<Dictionary>> = {
  ro: async () => (await import("./ro.ts")).ro,
  en: async () => (await import("./en.ts")).en,
};

const translators: Partial<Record<Locale, Translate>> = {};
const loading = new Map<Locale, Promise<void>>();

/** Makes a language's translator available; a failed load (offline) may be tried again. */
export function loadLanguage(language: Locale): Promise<void> {
  let pending = loading.get(language);
  if (!pending) {
    pending = DICTIONARIES[language]().then(
      (dictionary) => void (translators[language] = translatorFor(dictionary)),
      (error: unknown) => {
        loading.delete(language);
        throw error;
      },
    );
    loading.set(language, pending);
  }
  return pending;
}

/** The translate function of a language, if its dictionary has loaded. */
export function loadedTranslator(language: Locale): Translate | undefined {
  return translators[language];
}

/** The translate function of a loaded language (components use `useTranslation`, route `meta` exports this). */
export function translator(language: Locale): Translate {
  const translate = translators[language];
  if (!translate)
    throw new Error(`The ${language} dictionary is used before loadLanguage("${language}") has loaded it`);
  return translate;
}
