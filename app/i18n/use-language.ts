import { useCallback, useEffect } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { readCookie } from "../../common/cookies.ts";
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, toLanguage, type Locale } from "../../common/language.ts";
import { writeCookie } from "../lib/cookies.ts";
import type { RootData } from "../lib/root-data.ts";

/** The language the page was rendered in: the root loader reads it from the `lang` cookie. */
export function usePageLanguage(): Locale {
  return useRouteLoaderData<RootData>("root")?.lang ?? DEFAULT_LANGUAGE;
}

/**
 * Switches the interface language: the cookie makes the server render the next pages in it, local
 * storage keeps the choice should the cookie be lost, and revalidating re-reads the root loader.
 */
export function useSetLanguage(): (language: Locale) => void {
  const { revalidate } = useRevalidator();
  return useCallback(
    (language: Locale) => {
      writeCookie(LANGUAGE_COOKIE, language);
      try {
        localStorage.setItem(LANGUAGE_COOKIE, language);
      } catch {
        // Storage refused (private mode, quota): the cookie alone carries the choice.
      }
      void revalidate();
    },
    [revalidate],
  );
}

/** Brings back a choice kept in local storage when the cookie is gone (cleared, expired). */
export function useRestoreStoredLanguage(): void {
  const current = usePageLanguage();
  const setLanguage = useSetLanguage();
  useEffect(() => {
    if (readCookie(document.cookie, LANGUAGE_COOKIE) !== null) return;
    let stored: string | null;
    try {
      stored = localStorage.getItem(LANGUAGE_COOKIE);
    } catch {
      return;
    }
    if (stored !== null && toLanguage(stored) !== current) setLanguage(toLanguage(stored));
  }, [current, setLanguage]);
}
