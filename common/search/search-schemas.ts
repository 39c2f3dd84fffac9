import { LANGUAGES } from "../language/language.ts";
import { z } from "../zod.ts";
import { SEARCH_QUERY_MAX_LENGTH } from "./search-address.ts";

/**
 * The search's calls (decision 060): the suggestions under the box, and the administrator's
 * searches without results.
 */

/**
 * A query as the results page and the suggestions take it: something to look for, at most
 * SEARCH_QUERY_MAX_LENGTH characters.
 */
export const searchQueryText = z
  .string({ error: "REQUIRED_SEARCH_QUERY" })
  .trim()
  .min(1, { error: "REQUIRED_SEARCH_QUERY" })
  .max(SEARCH_QUERY_MAX_LENGTH, { error: "INVALID_SEARCH_QUERY" });

/** GET /api/search/suggestions */
export const suggestionQuerySchema = z.object({
  q: searchQueryText,
  lang: z.enum(LANGUAGES).optional().meta({ description: "The language of the category names; Romanian when absent." }),
});

export const suggestionSchema = z.object({
  uuid: z.uuid(),
  model: z.string(),
  /** The category's name in the language asked (its Romanian while not translated). */
  category: z.string(),
  /** The machine's page. */
  path: z.string(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestionListSchema = z.object({ items: z.array(suggestionSchema) });
export type SuggestionList = z.infer<typeof suggestionListSchema>;

/** Days of searches without results the administrator's list covers. */
export const SEARCH_MISS_DAYS = 90;
/** Texts the list shows, the most searched first. */
export const SEARCH_MISS_LIST_MAX = 200;

export const searchMissSchema = z.object({
  /** The text searched, folded (lower case, without diacritics, one space between words). */
  text: z.string(),
  count: z.number().int(),
  /** When it was last searched (ISO 8601). */
  last_at: z.string(),
});
export type SearchMiss = z.infer<typeof searchMissSchema>;

export const searchMissListSchema = z.object({ items: z.array(searchMissSchema) });
export type SearchMissList = z.infer<typeof searchMissListSchema>;
