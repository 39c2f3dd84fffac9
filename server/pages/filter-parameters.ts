import { LANGUAGE_PARAMETER } from "../../common/language/language.ts";
import {
  FREE_FROM_PARAMETER,
  FREE_UNTIL_PARAMETER,
  SORT_PARAMETER,
  filterParameterNames,
  filterSpecifications,
} from "../../common/specifications/filter-address.ts";
import type { Services } from "../services.ts";
import { pageServices } from "./page-context.ts";

/**
 * A category page renders from its address's filter parameters (decision 058): those, and only
 * those, make a filtered page, which is rendered as asked and not kept in the page cache (the
 * combinations are endless); the order by price too while prices are shown. Any other parameter (`?utm_source=`, `?fbclid=`) leaves the page the
 * category's, served from the cache. The category's definitions come from the catalogue read once
 * per version (server/pages/page-context.ts).
 */

const CATEGORY_PAGE = /^\/categorie\/([^/.]+)(\.data)?$/;

const NONE: ReadonlySet<string> = new Set();

/** What a category page's loader reads of its address (its data request's names): the free range, from the bookings. */
const LOADER_NAMES: ReadonlySet<string> = new Set([FREE_FROM_PARAMETER, FREE_UNTIL_PARAMETER]);

/** The category slug of a page address (or its data request) with a query besides the language, or null (no filter possible). */
export function filterableCategory(pathname: string, search: URLSearchParams): string | null {
  const slug = CATEGORY_PAGE.exec(pathname)?.[1];
  if (slug === undefined || [...search.keys()].every((name) => name === LANGUAGE_PARAMETER)) return null;
  try {
    return decodeURIComponent(slug);
  } catch {
    return null;
  }
}

/**
 * The query names the page of this address renders from: a category's filter parameters, else none;
 * those its loader reads for a data request.
 */
export async function pageQueryNames(
  services: Services,
  pathname: string,
  search: URLSearchParams,
): Promise<ReadonlySet<string>> {
  const slug = filterableCategory(pathname, search);
  if (slug === null) return NONE;
  if (pathname.endsWith(".data")) return LOADER_NAMES;
  const category = (await pageServices(services).catalogue.categories()).find((candidate) => candidate.slug === slug);
  if (!category) return NONE;
  const names = filterParameterNames(filterSpecifications(category.specifications));
  // While prices are shown the list may be ordered by them (decision 093), whatever its specifications.
  if ((await pageServices(services).prices.settings()).shown) names.add(SORT_PARAMETER);
  return names;
}
