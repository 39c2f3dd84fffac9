import { TRANSLATION_STATES, type TranslationState } from "../../../common/language/translation-state.ts";

/** The lists' translation filter (categories, products): one state, or every state. */

/** The filter's value for 'Toate starile traducerii'. */
export const ANY_TRANSLATION = "";

export type TranslationFilter = TranslationState | typeof ANY_TRANSLATION;

/** A select's value as a filter; anything else (a stale or forged value) shows everything. */
export function toTranslationFilter(value: string): TranslationFilter {
  return TRANSLATION_STATES.find((state) => state === value) ?? ANY_TRANSLATION;
}

export function matchesTranslation(state: TranslationState, filter: TranslationFilter): boolean {
  return filter === ANY_TRANSLATION || state === filter;
}
