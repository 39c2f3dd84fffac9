import type { Plugin } from "vite";
import { LANGUAGES, type Locale } from "../common/language/language.ts";

/** The module the server's page entry imports: each language's dictionary script, as the browser fetches it. */
export const DICTIONARY_SCRIPTS_MODULE = "virtual:dictionary-scripts";
const RESOLVED = `\0${DICTIONARY_SCRIPTS_MODULE}`;
const DICTIONARY = /[\\/]app[\\/]i18n[\\/](\w+)\.ts$/;

/**
 * The browser loads a page's dictionary by a dynamic import (app/i18n/translate.ts), whose hashed
 * file React Router's manifest does not list; the server preloads it with the page's other modules,
 * so it costs no round trip of its own. The client build, which React Router runs before the page
 * bundles, records each dictionary's file; the page bundles read them from this module. In
 * development nothing is preloaded.
 */
export function dictionaryScripts(): Plugin {
  let scripts: Partial<Record<Locale, string>> | undefined;
  let serving = false;
  return {
    name: "utilaje-dictionary-scripts",
    configResolved(config) {
      serving = config.command === "serve";
    },
    resolveId(id) {
      return id === DICTIONARY_SCRIPTS_MODULE ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      if (serving) return "export default {};";
      if (!scripts)
        this.error(`${DICTIONARY_SCRIPTS_MODULE} is read before the client build has named the dictionaries' files`);
      return `export default ${JSON.stringify(scripts)};`;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const found: Partial<Record<Locale, string>> = {};
      for (const chunk of Object.values(bundle)) {
        const language = chunk.type === "chunk" ? DICTIONARY.exec(chunk.facadeModuleId ?? "")?.[1] : undefined;
        if (language !== undefined && (LANGUAGES as readonly string[]).includes(language))
          found[language as Locale] = `/${chunk.fileName}`;
      }
      const missing = LANGUAGES.filter((language) => !found[language]);
      if (missing.length > 0) this.error(`No script of its own for the dictionaries of: ${missing.join(", ")}`);
      scripts = found;
    },
  };
}
