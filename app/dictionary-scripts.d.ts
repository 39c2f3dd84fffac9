/** Each language's dictionary script in the client build (vite-plugins/dictionary-scripts.ts); empty in development. */
declare module "virtual:dictionary-scripts" {
  import type { Locale } from "../common/language/language.ts";

  const scripts: Partial<Record<Locale, string>>;
  export default scripts;
}
