import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import { languageOfCookies } from "../common/language.ts";
import { contentSecurityPolicy } from "./pages/csp.ts";
import { PageCache, type CachedPage } from "./pages/page-cache.ts";
import type { Services } from "./services.ts";

/** Renders every path that is not API, media or a static file. */
export type PageHandler = (request: Request, services: Services) => Promise<Response>;

/**
 * React Router's handler with the services in its context. In production every HTML reply gets a
 * Content-Security-Policy with the hashes of its inline scripts, and public GET replies are cached
 * by path, language and catalogue version (the database's counter, bumped by every write).
 */
export function pageHandler(build: ServerBuild | (() => Promise<ServerBuild>), mode: "production" | "development"): PageHandler {
  const handle = createRequestHandler(build, mode);
  const builds = typeof build === "function" ? build : async () => build;
  const render: PageHandler = async (request, services) => {
    const context = new RouterContextProvider();
    // The build carries its own copy of app/, so the key is taken from the build (see servicesKey).
    context.set(servicesKey(await builds()), services);
    return handle(request, context);
  };
  if (mode !== "production") return render;
  const cache = new PageCache();

  return async (request, services) => {
    const url = new URL(request.url);
    if (request.method !== "GET" || url.pathname.startsWith("/admin")) {
      return finish(await render(request, services));
    }
    const key = `${await services.catalogueVersion.current()}|${languageOfCookies(request.headers.get("Cookie"))}|${url.pathname}${url.search}`;
    let page = cache.get(key);
    if (!page) {
      const response = await finish(await render(request, services));
      if (response.status !== 200 || response.headers.has("Set-Cookie")) return response;
      page = await snapshot(response);
      cache.set(key, page);
    }
    const headers = new Headers(page.headers);
    if (request.headers.get("If-None-Match") === page.etag) return new Response(null, { status: 304, headers });
    // The cached bytes themselves: a Response only reads or copies its body, never changes it.
    return new Response(page.body, { status: page.status, headers });
  };
}

/** Adds the page's CSP (HTML only); the body is read whole, which the hashes need anyway. */
async function finish(response: Response): Promise<Response> {
  if (!response.headers.get("Content-Type")?.startsWith("text/html") || !response.body) return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", contentSecurityPolicy(html));
  return new Response(html, { status: response.status, headers });
}

async function snapshot(response: Response): Promise<CachedPage> {
  const body = new Uint8Array(await response.arrayBuffer());
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = new Headers(response.headers);
  headers.set("ETag", etag);
  headers.set("Cache-Control", "public, max-age=0, must-revalidate");
  headers.set("Vary", "Cookie");
  return { status: response.status, headers: [...headers], body, etag };
}

function servicesKey(build: ServerBuild): RouterContext<Services> {
  const key = (build.entry.module as { servicesContext?: RouterContext<Services> }).servicesContext;
  if (!key) throw new Error("The server build does not export servicesContext from app/entry.server.tsx");
  return key;
}

export const BUILD_DIR = path.resolve(import.meta.dirname, "..", "build");

/** The production build, or null when it has not been built. */
async function loadProductionBuild(): Promise<ServerBuild | null> {
  const file = path.join(BUILD_DIR, "server", "index.js");
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as ServerBuild;
}

/** What `npm start` serves besides the API: the production build's pages and its client files. */
export async function productionSite(): Promise<{ pages: PageHandler; clientDir: string }> {
  const build = await loadProductionBuild();
  if (!build) throw new Error(`No production build in ${BUILD_DIR}: run \`npm run build\` first (npm start and npm test do).`);
  return { pages: pageHandler(build, "production"), clientDir: path.join(BUILD_DIR, "client") };
}
