import type { Locale } from "../../common/error-codes.ts";

/** The interface languages (spec §9) and where the visitor's choice is kept (DESIGN.md § i18n). */
export const LANGUAGES = ["ro", "en"] as const satisfies readonly Locale[];
export const DEFAULT_LANGUAGE: Locale = "ro";
export const LANGUAGE_COOKIE = "lang";

export function isLanguage(value: unknown): value is Locale {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function toLanguage(value: string | null | undefined): Locale {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}
