import { readCookie } from "../cookies.ts";

/** The interface languages (spec §9) and where the visitor's choice is kept (DESIGN.md § i18n). */
export const LANGUAGES = ["ro", "en"] as const;
export type Locale = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Locale = "ro";
export const LANGUAGE_COOKIE = "lang";

export function isLanguage(value: unknown): value is Locale {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function toLanguage(value: string | null | undefined): Locale {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** The language a request asks for by its Cookie header; the server renders and caches pages by it. */
export function languageOfCookies(cookieHeader: string | null | undefined): Locale {
  return toLanguage(readCookie(cookieHeader, LANGUAGE_COOKIE));
}

/** The query parameter that names a page's language in its address (`/home?lang=en`). */
export const LANGUAGE_PARAMETER = "lang";

/** A language named by the address's `?lang=`, or null when it names none (or an unknown one). */
export function languageOfQuery(search: URLSearchParams): Locale | null {
  const named = search.get(LANGUAGE_PARAMETER);
  return isLanguage(named) ? named : null;
}

/** The language a page is rendered in: the address's `?lang=` first, then the visitor's stored choice. */
export function languageOfRequest(url: URL, cookieHeader: string | null | undefined): Locale {
  return languageOfQuery(url.searchParams) ?? languageOfCookies(cookieHeader);
}
