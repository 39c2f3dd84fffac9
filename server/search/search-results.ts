import type { Locale } from "../../common/language/language.ts";
import { RESULTS_MAX, SUGGESTIONS_MAX } from "../../common/search/search-query.ts";
import type { Suggestion } from "../../common/search/search-schemas.ts";
import { shownText } from "../../common/language/english-fallback.ts";
import { productPathOf } from "../catalogue/product-path.ts";
import type { SearchHit } from "./search-index.ts";
import type { CatalogueSearch } from "./search-service.ts";

/**
 * The suggestions under the box: the best machines, each with its category's name in the language
 * asked and its page.
 */
export async function suggestions(search: CatalogueSearch, query: string, language: Locale): Promise<Suggestion[]> {
  const hits = await search.find(query, SUGGESTIONS_MAX);
  return hits.map(({ entry }) => ({
    uuid: entry.uuid,
    model: entry.model,
    category: shownText(entry.category.name, entry.category.name_en, language).text,
    path: productPathOf(entry.category.slug, entry.slug),
  }));
}

/**
 * A submitted search (the results page): its machines, best first; when there are none, the text
 * goes to the log of searches without results (its folded text only, within the address's allowance).
 */
export async function submittedSearch(
  search: CatalogueSearch,
  query: string,
  clientAddress: string,
): Promise<SearchHit[]> {
  const hits = await search.find(query, RESULTS_MAX);
  if (hits.length === 0) await search.recordMiss(query, clientAddress);
  return hits;
}
