import { LANGUAGE_PARAMETER } from "../../common/language/language.ts";
import { filterParameterNames, filterSpecifications } from "../../common/specifications/filter-address.ts";
import type { Services } from "../services.ts";
import { pageServices } from "./page-context.ts";

/**
 * A category page renders from its address's filter parameters (decision 058): those, and only
 * those, make a filtered page, which is rendered as asked and not kept in the page cache (the
 * combinations are endless). Any other parameter (`?utm_source=`, `?fbclid=`) leaves the page the
 * category's, served from the cache. The category's definitions come from the catalogue read once
 * per version (server/pages/page-context.ts).
 */

const CATEGORY_PAGE = /^\/categorie\/([^/.]+)$/;

const NONE: ReadonlySet<string> = new Set();

/** The category slug of a page address with a query besides the language, or null (no filter possible). */
export function filterableCategory(pathname: string, search: URLSearchParams): string | null {
  const slug = CATEGORY_PAGE.exec(pathname)?.[1];
  if (slug === undefined || [...search.keys()].every((name) => name === LANGUAGE_PARAMETER)) return null;
  try {
    return decodeURIComponent(slug);
  } catch {
    return null;
  }
}

/** The query names the page of this address renders from: a category's filter parameters, else none. */
export async function pageQueryNames(
  services: Services,
  pathname: string,
  search: URLSearchParams,
): Promise<ReadonlySet<string>> {
  const slug = filterableCategory(pathname, search);
  if (slug === null) return NONE;
  const category = (await pageServices(services).catalogue.categories()).find((candidate) => candidate.slug === slug);
  return category ? filterParameterNames(filterSpecifications(category.specifications)) : NONE;
}
