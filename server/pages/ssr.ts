import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { LANGUAGE_PARAMETER, languageOfQuery } from "../../common/language/language.ts";
import { PAGE_BUNDLES, type PageBundle } from "../../common/pages/page-bundles.ts";
import { pageBundleFile } from "./page-build.ts";
import { bundlesHandler, type ProductionBuild } from "./bundles-handler.ts";
import { appScripts, contentSecurityPolicy } from "./csp.ts";
import { chooseEncoding } from "../http/encoding.ts";
import { representations, serveRepresentations, withCoding, type Representations } from "../http/representations.ts";
import type { CachedPageLookup, RendersOnMiss } from "./cached-page-listener.ts";
import { canonicalRedirect } from "./canonical-address.ts";
import { PageCache } from "./page-cache.ts";
import { PageContext, pageServices } from "./page-context.ts";
import { buildRouteIds, isPublicPage, pageCacheKey } from "./page-key.ts";
import { pageDay } from "./page-day.ts";
import { filterableCategory, pageQueryNames } from "./filter-parameters.ts";
import { RenderGate } from "./render-gate.ts";
import { takeOrRefuse } from "../http/rate-limiter.ts";
import type { Services } from "../services.ts";

/**
 * Renders every path that is not API, media or a static file. `target`: the request-target as the
 * client sent it (the Request's URL has its dot segments resolved); without it, the URL's path and
 * query. In production it also offers its page cache to the short path of
 * server/pages/cached-page-listener.ts (`cached`).
 */
export type PageHandler = ((
  request: Request,
  services: Services,
  requestId: string,
  clientAddress?: string,
  target?: string,
) => Promise<Response>) & {
  cached?: CachedPageLookup;
  rendersOnMiss?: RendersOnMiss;
  /** The page cache's hits and misses since start, and the renders at work and waiting (the metrics). */
  stats?: () => { cacheHits: number; cacheMisses: number; rendersRunning: number; rendersWaiting: number };
};

/** The address a request names, as canonicalRedirect reads it. */
const targetOf = (url: URL, target: string | undefined) => target ?? `${url.pathname}${url.search}`;

/**
 * React Router's handler with the services in its context. In production every HTML reply gets a
 * Content-Security-Policy with the hashes of its inline scripts, and public GET replies are cached
 * by path, language and catalogue version (the database's counter, bumped by every write), see
 * server/pages/page-key.ts. Every other spelling of a page's address redirects to it
 * (server/pages/canonical-address.ts). What the cache cannot serve is rendered through the render
 * gate and counted against the client address's budget of renders (PAGE_RENDER_RATE_LIMIT, then
 * 429): one client looping over cache misses is refused before the other visitors wait (decision 054).
 */
export function pageHandler(build: ProductionBuild, mode: "production"): PageHandler;
export function pageHandler(build: () => Promise<ServerBuild>, mode: "development"): PageHandler;
export function pageHandler(
  build: ProductionBuild | (() => Promise<ServerBuild>),
  mode: "production" | "development",
): PageHandler {
  // Development serves one build of every route, through Vite.
  const handle = typeof build === "function" ? createRequestHandler(build, mode) : bundlesHandler(build);
  /** `mark`: the nonce React Router writes on the application's inline scripts (see appScripts). */
  const renderer =
    (mark?: string) =>
    async (request: Request, services: Services, requestId: string, clientAddress = "unknown"): Promise<Rendered> => {
      let document: Buffer<ArrayBuffer> | undefined;
      const response = await handle(
        request,
        new PageContext({
          services: pageServices(services),
          requestId,
          clientAddress,
          scriptMark: mark,
          finishPage:
            mark === undefined
              ? undefined
              : (parts, headers) => void (document = withPolicyOn(parts, headers, mark, services.captcha.origins)),
        }),
      );
      // The document goes with the reply that left its body to it (app/entry.server.tsx).
      return { response, document: response.body === null ? document : undefined };
    };
  if (mode !== "production") {
    const develop = renderer();
    return async (request, services, requestId, _clientAddress, target) =>
      canonicalRedirect(targetOf(new URL(request.url), target)) ?? reply(await develop(request, services, requestId));
  }
  if (typeof build === "function")
    throw new Error(
      "The production page handler serves the production build's bundles, the public one loaded before it starts",
    );
  // Random per process and removed from every page before it leaves: content cannot forge it.
  const mark = randomBytes(18).toString("base64url");
  const renderPage = renderer(mark);
  const gate = new RenderGate();
  /** A render with its CSP, inside the gate: both are the render's CPU. */
  const render = async (
    request: Request,
    services: Services,
    requestId: string,
    clientAddress = "unknown",
  ): Promise<Rendered> => {
    takeOrRefuse(services.rateLimits.pageRenders, clientAddress);
    return gate.run(async () =>
      withPolicy(await renderPage(request, services, requestId, clientAddress), mark, services.captcha.origins),
    );
  };
  const cache = new PageCache();
  const counted = { hits: 0, misses: 0 };
  // Only public pages are cached.
  const routeIdsOf = buildRouteIds(build.public.routes);
  const keyOf = (
    pathname: string,
    search: URLSearchParams,
    cookieHeader: string | null | undefined,
    queryNames?: ReadonlySet<string>,
  ) => {
    const key = pageCacheKey(pathname, search, cookieHeader, routeIdsOf, queryNames);
    // A page of yesterday is not today's: a product page's calendar starts today.
    return key === null ? null : `${pageDay()}|${key}`;
  };

  const handler: PageHandler = async (request, services, requestId, clientAddress, target) => {
    const url = new URL(request.url);
    const redirect = canonicalRedirect(targetOf(url, target));
    if (redirect) return redirect;
    const read = request.method === "GET" || request.method === "HEAD";
    if (!read || url.pathname.startsWith("/admin")) {
      return reply(await render(request, services, requestId, clientAddress));
    }
    const version = await services.catalogueVersion.current();
    const key = keyOf(
      url.pathname,
      url.searchParams,
      request.headers.get("Cookie"),
      await pageQueryNames(services, url.pathname, url.searchParams),
    );
    // Not cached (see pageCacheKey): rendered as asked.
    if (key === null) return reply(await render(request, services, requestId, clientAddress));
    const acceptEncoding = request.headers.get("Accept-Encoding");
    let page = cache.get(version, key);
    counted[page ? "hits" : "misses"] += 1;
    if (!page) {
      const rendered = await render(canonicalRequest(request, url), services, requestId, clientAddress);
      const { status, headers } = rendered.response;
      if (status !== 200 || headers.has("Set-Cookie")) return reply(rendered);
      page = await cachedPage(rendered, acceptEncoding);
      cache.set(version, key, page);
    } else if (await withCoding(page, acceptEncoding)) {
      // Counted again with its new coding.
      cache.set(version, key, page);
    }
    return serveRepresentations(request, page);
  };
  handler.cached = (version, pathname, search, cookieHeader) => {
    // Whether a category's query filters it needs its definitions: the full way reads them.
    if (filterableCategory(pathname, search) !== null) return undefined;
    const key = keyOf(pathname, search, cookieHeader);
    const page = key === null ? undefined : cache.get(version, key);
    // A miss here goes the full way, which counts it.
    if (page) counted.hits += 1;
    return page;
  };
  handler.stats = () => ({
    cacheHits: counted.hits,
    cacheMisses: counted.misses,
    rendersRunning: gate.counts.running,
    rendersWaiting: gate.counts.waiting,
  });
  // A category's query may be a filter or not: only the full way, which reads the definitions, knows whether it
  // renders.
  handler.rendersOnMiss = (target, pathname, search, cookieHeader) =>
    isPublicPage(pathname, routeIdsOf) &&
    filterableCategory(pathname, search) === null &&
    keyOf(pathname, search, cookieHeader) !== null &&
    canonicalRedirect(target) === null;
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

/**
 * A render's reply and, from a production render, the document it made, which the server sends as
 * that reply's body (PageRequest.finishPage): the cache keeps its bytes as they are.
 */
interface Rendered {
  response: Response;
  document: Buffer<ArrayBuffer> | undefined;
}

/** The reply to send for a render. */
function reply({ response, document }: Rendered): Response {
  return document === undefined
    ? response
    : new Response(document, { status: response.status, headers: response.headers });
}

/** A rendered document without the mark, its CSP set on `headers`. */
function withPolicyOn(
  parts: readonly Buffer[],
  headers: Headers,
  mark: string,
  thirdParty: readonly string[],
): Buffer<ArrayBuffer> {
  const scripts = appScripts(parts, mark);
  headers.set("Content-Security-Policy", contentSecurityPolicy(scripts.hashes, thirdParty));
  return scripts.document;
}

/**
 * The page's CSP on an HTML reply that did not get it from the render's finishPage (a document
 * React Router made without app/entry.server.tsx): its body read whole, which the hashes need.
 */
async function withPolicy(rendered: Rendered, mark: string, thirdParty: readonly string[]): Promise<Rendered> {
  const { response } = rendered;
  if (
    rendered.document ||
    !response.headers.get("Content-Type")?.startsWith("text/html") ||
    !response.body ||
    response.headers.has("Content-Security-Policy")
  )
    return rendered;
  const headers = new Headers(response.headers);
  const document = withPolicyOn([Buffer.from(await response.arrayBuffer())], headers, mark, thirdParty);
  return { response: new Response(null, { status: response.status, headers }), document };
}

/**
 * A rendered page as the cache keeps it: compressed once, here, in the coding its first reader
 * takes; another coding when a reader first takes that one (representations()).
 */
async function cachedPage({ response, document }: Rendered, acceptEncoding: string | null): Promise<Representations> {
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "public, max-age=0, must-revalidate");
  // The language comes from the cookie, so a shared cache must not mix the two.
  headers.set("Vary", "Cookie");
  const body = document ?? new Uint8Array(await response.arrayBuffer());
  return representations({ headers, body, effort: "fast", now: [chooseEncoding(acceptEncoding)] });
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
