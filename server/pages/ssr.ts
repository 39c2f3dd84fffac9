import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { LANGUAGE_PARAMETER, languageOfQuery } from "../../common/language.ts";
import { PAGE_BUNDLES, type PageBundle } from "../../common/page-bundles.ts";
import { pageBundleFile } from "./page-build.ts";
import { bundlesHandler, type ProductionBuild } from "./bundles-handler.ts";
import { appScripts, contentSecurityPolicy } from "./csp.ts";
import { representations, serveRepresentations, type Representations } from "../http/representations.ts";
import type { CachedPageLookup } from "./cached-page-listener.ts";
import { lowerCaseRedirect } from "./lower-case-redirect.ts";
import { PageCache } from "./page-cache.ts";
import { PageContext, pageServices } from "./page-context.ts";
import { buildRouteIds, pageCacheKey } from "./page-key.ts";
import type { Services } from "../services.ts";

/**
 * Renders every path that is not API, media or a static file. In production it also offers its page
 * cache to the short path of server/pages/cached-page-listener.ts (`cached`).
 */
export type PageHandler = ((request: Request, services: Services, requestId: string, clientAddress?: string) => Promise<Response>) & { cached?: CachedPageLookup };

/**
 * React Router's handler with the services in its context. In production every HTML reply gets a
 * Content-Security-Policy with the hashes of its inline scripts, and public GET replies are cached
 * by path, language and catalogue version (the database's counter, bumped by every write), see
 * server/pages/page-key.ts. Upper-case page addresses redirect to their lower-case form.
 */
export function pageHandler(build: ProductionBuild, mode: "production"): PageHandler;
export function pageHandler(build: () => Promise<ServerBuild>, mode: "development"): PageHandler;
export function pageHandler(build: ProductionBuild | (() => Promise<ServerBuild>), mode: "production" | "development"): PageHandler {
  // Development serves one build of every route, through Vite.
  const handle = typeof build === "function" ? createRequestHandler(build, mode) : bundlesHandler(build);
  /** `mark`: the nonce React Router writes on the application's inline scripts (see appScripts). */
  const renderer =
    (mark?: string): PageHandler =>
    (request, services, requestId, clientAddress = "unknown") =>
      handle(request, new PageContext({ services: pageServices(services), requestId, clientAddress, scriptMark: mark }));
  if (mode !== "production") {
    const develop = renderer();
    return async (request, services, requestId) => lowerCaseRedirect(new URL(request.url)) ?? develop(request, services, requestId);
  }
  if (typeof build === "function") throw new Error("The production page handler serves the production build's bundles, the public one loaded before it starts");
  // Random per process and removed from every page before it leaves: content cannot forge it.
  const mark = randomBytes(18).toString("base64url");
  const render = renderer(mark);
  const finish = (response: Response, services: Services) => withPolicy(response, mark, services.captcha.origins);
  const cache = new PageCache();
  // Only public pages are cached.
  const routeIdsOf = buildRouteIds(build.public.routes);
  const keyOf = (pathname: string, search: URLSearchParams, cookieHeader: string | null | undefined) => pageCacheKey(pathname, search, cookieHeader, routeIdsOf);

  const handler: PageHandler = async (request, services, requestId, clientAddress) => {
    const url = new URL(request.url);
    const redirect = lowerCaseRedirect(url);
    if (redirect) return redirect;
    const read = request.method === "GET" || request.method === "HEAD";
    if (!read || url.pathname.startsWith("/admin")) {
      return finish(await render(request, services, requestId, clientAddress), services);
    }
    const version = await services.catalogueVersion.current();
    const key = keyOf(url.pathname, url.searchParams, request.headers.get("Cookie"));
    // Not cached (see pageCacheKey): rendered as asked.
    if (key === null) return finish(await render(request, services, requestId, clientAddress), services);
    let page = cache.get(version, key);
    if (!page) {
      const response = await finish(await render(canonicalRequest(request, url), services, requestId, clientAddress), services);
      if (response.status !== 200 || response.headers.has("Set-Cookie")) return response;
      page = await cachedPage(response);
      cache.set(version, key, page);
    }
    return serveRepresentations(request, page);
  };
  handler.cached = (version, pathname, search, cookieHeader) => {
    const key = keyOf(pathname, search, cookieHeader);
    return key === null ? undefined : cache.get(version, key);
  };
  return handler;
}

/**
 * What is rendered for a cacheable read: a GET (a HEAD is answered from the page a GET renders, so
 * its headers are the GET's, RFC 9110 § 9.3.2) of the address without the query parameters the
 * page does not depend on, so that the cached page is the same whichever address filled it.
 */
function canonicalRequest(request: Request, url: URL): Request {
  const canonical = new URL(url.pathname, url);
  const language = languageOfQuery(url.searchParams);
  if (language) canonical.searchParams.set(LANGUAGE_PARAMETER, language);
  if (url.pathname.endsWith(".data")) canonical.search = url.search;
  return new Request(canonical, { method: "GET", headers: request.headers, signal: request.signal });
}

/** Adds the page's CSP (HTML only); the body is read whole, which the hashes need anyway. */
async function withPolicy(response: Response, mark: string, thirdParty: readonly string[]): Promise<Response> {
  if (!response.headers.get("Content-Type")?.startsWith("text/html") || !response.body) return response;
  const { html, hashes } = appScripts(await response.text(), mark);
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", contentSecurityPolicy(hashes, thirdParty));
  return new Response(html, { status: response.status, headers });
}

/** A rendered page as the cache keeps it: compressed once, here, in every coding it is served in. */
async function cachedPage(response: Response): Promise<Representations> {
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "public, max-age=0, must-revalidate");
  // The language comes from the cookie, so a shared cache must not mix the two.
  headers.set("Vary", "Cookie");
  return representations({ headers, body: new Uint8Array(await response.arrayBuffer()), effort: "fast" });
}

const ROOT = path.resolve(import.meta.dirname, "../..");

export const BUILD_DIR = path.join(ROOT, "build");

async function importBundle(bundle: PageBundle): Promise<ServerBuild> {
  return (await import(pathToFileURL(pageBundleFile(ROOT, bundle)).href)) as ServerBuild;
}

/** What `npm start` serves besides the API: the production build's pages and its client files. */
export async function productionSite(): Promise<{ pages: PageHandler; clientDir: string }> {
  if (!PAGE_BUNDLES.every((bundle) => existsSync(pageBundleFile(ROOT, bundle)))) {
    throw new Error(`No production build in ${BUILD_DIR}: run \`npm run build\` first (npm start and npm test do).`);
  }
  const build: ProductionBuild = { public: await importBundle("public"), admin: () => importBundle("admin") };
  return { pages: pageHandler(build, "production"), clientDir: path.join(BUILD_DIR, "client") };
}
