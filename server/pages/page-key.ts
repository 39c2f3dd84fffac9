import { matchRoutes, type RouteObject } from "react-router";
import { languageOfQuery, languageOfCookies } from "../../common/language/language.ts";

/**
 * Pages whose loader reads a query parameter (/contact?product=: the form opened for one machine;
 * /comparare?utilaje=: the machines compared; /cautare?q=: a search's results). Such an address is rendered as asked
 * and never cached: it is one visitor's page, and keeping one per value would let any query evict the real pages.
 */
const QUERY_PAGES: Readonly<Record<string, readonly string[]>> = {
  "/contact": ["product"],
  "/comparare": ["utilaje"],
  "/cautare": ["q"],
};

/** The ids of the routes React Router matches for a page address (none for an address nobody answers). */
export type RouteIdsOf = (page: string) => ReadonlySet<string>;

/**
 * The page-cache key of a public GET within one catalogue version (the cache holds one version,
 * server/pages/page-cache.ts): the path and the language (`?lang=` first, then the `lang` cookie).
 * Any other query is ignored, so `/home?x=1` is served the cached `/home` instead of rendering and
 * evicting real pages. Only paths answered with a 200 are kept and only as links write them, so a
 * page has at most two entries per language (`/home` and `/home/`) and unknown paths none: React
 * Router answers `/home//`, `/home///` or `/h%6Fme` with the same page, and a copy per spelling would
 * let endless spellings evict the real pages. React Router's data requests
 * (`/home.data?_routes=…`) also depend on the routes whose data they ask for: the ids, sorted and
 * without repeats, are part of the key only when each is a route of that page (a few subsets per
 * page); any other id (`?_routes=zz1`, another page's route) is no client's request and would give
 * every value its own entry. Null: not cached, rendered as asked (React Router's route manifest,
 * whose query says which routes to describe; a page whose loader reads its query; a document whose
 * render reads one of `queryNames`, a category's filters (server/pages/filter-parameters.ts), or a
 * data request whose loader does, a category's free range; such spellings and such `_routes`).
 */
export function pageCacheKey(
  pathname: string,
  search: URLSearchParams,
  cookieHeader: string | null | undefined,
  routeIdsOf: RouteIdsOf,
  queryNames: ReadonlySet<string> = new Set(),
): string | null {
  if (pathname === "/__manifest" || !isLinkSpelling(pathname)) return null;
  const data = pathname.endsWith(".data");
  const page = data ? pagePath(pathname) : pathname;
  if (QUERY_PAGES[withoutTrailingSlash(page)]?.some((name) => search.has(name))) return null;
  if ([...search.keys()].some((name) => queryNames.has(name))) return null;
  const language = languageOfQuery(search) ?? languageOfCookies(cookieHeader);
  if (!data) return `${language}|${pathname}`;
  const routes = routesOfDataRequest(page, search, routeIdsOf);
  return routes === null ? null : `${language}|${pathname}?_routes=${routes}`;
}

/**
 * The `_routes` of a data request as the key holds it: "" for every route (absent or empty, as
 * React Router reads it), else the ids sorted without repeats, or null when one is not a route of
 * the page.
 */
function routesOfDataRequest(page: string, search: URLSearchParams, routeIdsOf: RouteIdsOf): string | null {
  const asked = search.get("_routes");
  if (!asked) return "";
  const ids = [...new Set(asked.split(","))].sort();
  const routes = routeIdsOf(page);
  return ids.every((id) => routes.has(id)) ? ids.join(",") : null;
}

/** The public layout's catch-all: what answers a path no page claims (app/routes.ts). */
const CATCH_ALL_ROUTE_ID = "routes/fallback";

/**
 * Whether a path is one of the public pages (or a data request for one), rather than a path no page
 * claims: the API, the media, the static files and unknown paths all fall to the catch-all.
 */
export function isPublicPage(pathname: string, routeIdsOf: RouteIdsOf): boolean {
  const ids = routeIdsOf(pathname.endsWith(".data") ? pagePath(pathname) : pathname);
  return ids.size > 0 && !ids.has(CATCH_ALL_ROUTE_ID);
}

/** Whether a path is spelled as a link writes it: no empty segment, no escape a browser would not make. */
function isLinkSpelling(pathname: string): boolean {
  if (pathname.includes("//")) return false;
  if (!pathname.includes("%")) return true;
  try {
    return encodeURI(decodeURI(pathname)) === pathname;
  } catch {
    return false;
  }
}

/** The page a data request is for, as React Router works it out (`/home.data`, `/home/_.data`). */
function pagePath(pathname: string): string {
  return pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.slice(0, -".data".length);
}

function withoutTrailingSlash(page: string): string {
  return page.length > 1 && page.endsWith("/") ? page.slice(0, -1) : page;
}

/** What the matcher reads of a server build's route (`ServerBuild["routes"]`). */
type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/** The route matcher of a server build: its flat route manifest nested again, as React Router matches it. */
export function buildRouteIds(manifest: Readonly<Record<string, ManifestRoute | undefined>>): RouteIdsOf {
  const entries = Object.values(manifest).filter((route) => route !== undefined);
  const children = (parentId: string | undefined): RouteObject[] =>
    entries
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: children(route.id) },
      );
  const routes = children(undefined);
  return (page) => new Set(matchRoutes(routes, page)?.map((match) => match.route.id ?? ""));
}
