import { createContext, useCallback, useContext, useEffect } from "react";
import { useLocation, useNavigate, useRevalidator, useRouteLoaderData } from "react-router";
import { readCookie } from "../../common/cookies.ts";
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAMETER,
  languageOfQuery,
  toLanguage,
  type Locale,
} from "../../common/language/language.ts";
import { writeCookie } from "../lib/cookies.ts";
import type { RootData } from "../lib/root-data.ts";
import { loadLanguage } from "./translate.ts";

/**
 * The root loader's language (it reads the address's `?lang=`, then the `lang` cookie); for the
 * root's layout, which provides it below.
 */
export function useRootLanguage(): Locale {
  return useRouteLoaderData<RootData>("root")?.lang ?? DEFAULT_LANGUAGE;
}

/**
 * The page's language and the one its address names (`?lang=`, or null), provided once by the root's
 * layout. Read through a context of their own rather than the router's state, which changes with
 * every navigation: a filter written to the address then re-renders none of the hundreds of cards,
 * pictures and buttons that only need the language.
 */
export const PageLanguageContext = createContext<{ lang: Locale; named: Locale | null }>({
  lang: DEFAULT_LANGUAGE,
  named: null,
});

/** The language the page was rendered in. */
export function usePageLanguage(): Locale {
  return useContext(PageLanguageContext).lang;
}

/** The language the page's address names (`?lang=en`), which links and forms pass on; null when it names none. */
export function useNamedLanguage(): Locale | null {
  return useContext(PageLanguageContext).named;
}

/**
 * Keeps the choice: the cookie makes the server render the next pages in it, local storage keeps it
 * should the cookie be lost.
 */
function storeLanguage(language: Locale): void {
  writeCookie(LANGUAGE_COOKIE, language);
  try {
    localStorage.setItem(LANGUAGE_COOKIE, language);
  } catch {
    // Storage refused (private mode, quota): the cookie alone carries the choice.
  }
}

/**
 * Switches the interface language: loads its dictionary, stores the choice, then re-reads the root
 * loader; on an address that names its language (`?lang=ro`) it moves to the same address in the
 * other language. Should the dictionary not arrive (offline), the page stays in its language.
 */
export function useSetLanguage(): (language: Locale) => Promise<void> {
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    async (language: Locale) => {
      try {
        await loadLanguage(language);
      } catch {
        return;
      }
      storeLanguage(language);
      const search = new URLSearchParams(location.search);
      if (!search.has(LANGUAGE_PARAMETER)) return void revalidate();
      search.set(LANGUAGE_PARAMETER, language);
      void navigate(
        { search: `?${search}`, hash: location.hash },
        { replace: true, preventScrollReset: true, state: location.state },
      );
    },
    [revalidate, navigate, location],
  );
}

/**
 * Stores the language an address names (`?lang=en`: a link from a search engine is a choice too);
 * otherwise brings back a choice kept in local storage when the cookie is gone (cleared, expired).
 */
export function useRestoreStoredLanguage(): void {
  const current = useRootLanguage();
  const setLanguage = useSetLanguage();
  const { search } = useLocation();
  useEffect(() => {
    const named = languageOfQuery(new URLSearchParams(search));
    if (named) {
      if (readCookie(document.cookie, LANGUAGE_COOKIE) !== named) storeLanguage(named);
      return;
    }
    if (readCookie(document.cookie, LANGUAGE_COOKIE) !== null) return;
    let stored: string | null;
    try {
      stored = localStorage.getItem(LANGUAGE_COOKIE);
    } catch {
      return;
    }
    if (stored !== null && toLanguage(stored) !== current) void setLanguage(toLanguage(stored));
  }, [current, setLanguage, search]);
}
