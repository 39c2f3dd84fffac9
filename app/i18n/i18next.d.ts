import "i18next";
import type { Dictionary } from "./ro.ts";

/** Type-checks every translation key against the Romanian dictionary. */
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: Dictionary };
  }
}
