import { languageOfQuery, languageOfCookies } from "../../common/language.ts";

/**
 * Pages whose loader reads a query parameter (/contact?product=: the form opened for one machine).
 * Such an address is rendered as asked and never cached: it is one visitor's page, and keeping one
 * per value would let any query evict the real pages.
 */
const QUERY_PAGES: Readonly<Record<string, readonly string[]>> = { "/contact": ["product"] };

/**
 * The page-cache key of a public GET within one catalogue version (the cache holds one version,
 * server/pages/page-cache.ts): the path and the language
 * (`?lang=` first, then the `lang` cookie). Any other query is ignored, so `/home?x=1` is served
 * the cached `/home` instead of rendering and evicting real pages. React Router's own data requests
 * (`/home.data?_routes=…`) also depend on the routes they ask for. Null: not cached (React Router's
 * route manifest, whose query says which routes to describe; a page whose loader reads its query).
 */
export function pageCacheKey(pathname: string, search: URLSearchParams, cookieHeader: string | null | undefined): string | null {
  if (pathname === "/__manifest") return null;
  const page = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  if (QUERY_PAGES[page]?.some((name) => search.has(name))) return null;
  const language = languageOfQuery(search) ?? languageOfCookies(cookieHeader);
  const routes = pathname.endsWith(".data") ? `?_routes=${search.get("_routes") ?? ""}` : "";
  return `${language}|${pathname}${routes}`;
}
