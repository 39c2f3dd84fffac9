import type { Locale } from "../../../common/language/language.ts";

/**
 * The results page's texts, sent by its loader in the page's language only (as the filters' are):
 * the scripts every page loads carry none of them.
 */
export const SEARCH_TEXTS = {
  ro: {
    title: "Căutare",
    titleFor: "Rezultate pentru „{{query}}”",
    countOfOne: "Am găsit un utilaj.",
    count: "Am găsit {{count}} utilaje.",
    none: "Nu am găsit niciun utilaj pentru „{{query}}”. Încercați alt cuvânt sau",
    askUs: "întrebați-ne",
    askUsAfter: ": vă spunem ce avem potrivit.",
    results: "Utilajele găsite",
  },
  en: {
    title: "Search",
    titleFor: "Results for “{{query}}”",
    countOfOne: "We found one machine.",
    count: "We found {{count}} machines.",
    none: "We found no equipment for “{{query}}”. Try another word or",
    askUs: "ask us",
    askUsAfter: ": we will tell you what fits.",
    results: "Equipment found",
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type SearchTexts = (typeof SEARCH_TEXTS)[Locale];
