import type { ShouldRevalidateFunctionArgs } from "react-router";
import { LANGUAGE_PARAMETER } from "../../common/language/language.ts";

/**
 * For the loaders of the root and the public layout (the language, the contact channels, the first
 * banner): their data does not change from page to page, so a navigation does not ask for it again.
 * They are read again when the page asks (`revalidate()` after a language switch), after a form
 * submission, and when the address names another language. A navigation whose request fails then
 * only fails the page's own loader, whose error shows inside the layout (spec §8).
 */
export function revalidateOnlyForLanguage({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod) return defaultShouldRevalidate;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return currentUrl.searchParams.get(LANGUAGE_PARAMETER) !== nextUrl.searchParams.get(LANGUAGE_PARAMETER);
}
