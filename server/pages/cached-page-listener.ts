import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { HttpError } from "../core/errors.ts";
import { rateLimitKey, resolveClientAddress } from "../http/client-address.ts";
import { etagMatches } from "../http/encoding.ts";
import { chooseVariant, lacksCoding, type Representations, type Variant } from "../http/representations.ts";
import { securityHeaders } from "../http/security-headers.ts";
import type { Services } from "../services.ts";
import { PAGE_RENDER_WINDOW_MS } from "./rate-limits.ts";
import { createRefusalPacer } from "./refusal-pacer.ts";

/** The body of every refusal of a spent render budget. */
const TOO_MANY_RENDERS = JSON.stringify(new HttpError(429, "ERROR_TOO_MANY_REQUESTS").body());

/**
 * Looks the page of an address (server/pages/page-key.ts) and catalogue version up in the page
 * cache without rendering anything.
 */
export type CachedPageLookup = (
  version: number,
  pathname: string,
  search: URLSearchParams,
  cookieHeader: string | undefined,
) => Representations | undefined;

/**
 * Whether the full way would render (and count against the client's budget) the page of this
 * request-target when the cache misses it: a public page's one address.
 */
export type RendersOnMiss = (
  target: string,
  pathname: string,
  search: URLSearchParams,
  cookieHeader: string | undefined,
) => boolean;

/** What the short path knows of the pages: the cache, and which misses the full way renders. */
export interface ShortPathPages {
  cached: CachedPageLookup;
  rendersOnMiss: RendersOnMiss;
}

/**
 * The short path from the socket to a cached page: before the Hono app (no Request object, no
 * routing, no middleware chain), a GET or HEAD whose page is in the cache, for the catalogue
 * version known at this moment, is answered from the kept bytes in the client's coding, with the
 * headers the app would have set (the page's own, the security headers, a request id) and the same
 * log line. A miss the full way would render, for a client that has used its budget of renders
 * (PAGE_RENDER_RATE_LIMIT), is refused here with the full way's 429 and Retry-After: a client
 * looping over cache misses costs the instance no more per request than a cached page (decision
 * 054), and one that goes on asking gets its refusals slowly (server/pages/refusal-pacer.ts,
 * decision 062). Anything else (a miss within the budget, a version that needs reading, other methods, a
 * coding of the page not made yet) returns false and goes the full way, which renders and fills
 * the cache.
 */
export function cachedPageListener(
  pages: ShortPathPages,
  services: Services,
): (request: IncomingMessage, response: ServerResponse) => boolean {
  const pacer = createRefusalPacer({ summaryMs: PAGE_RENDER_WINDOW_MS });
  // The headers of each kept variant as node:http takes them, worked out once per variant.
  const flatHeaders = new WeakMap<Variant, { ok: string[]; notModified: string[] }>();
  const headersOf = (variant: Variant, pathname: string) => {
    let flat = flatHeaders.get(variant);
    if (!flat) {
      const security = securityHeaders(pathname, services.config);
      flat = {
        ok: [...variant.headers, ...security].flat(),
        notModified: [...variant.notModifiedHeaders, ...security].flat(),
      };
      flatHeaders.set(variant, flat);
    }
    return flat;
  };

  return (request, response) => {
    const method = request.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const version = services.catalogueVersion.peek();
    if (version === undefined) return false;
    const target = request.url ?? "/";
    const queryAt = target.indexOf("?");
    const pathname = queryAt === -1 ? target : target.slice(0, queryAt);
    const search = new URLSearchParams(queryAt === -1 ? "" : target.slice(queryAt + 1));
    const page = pages.cached(version, pathname, search, request.headers.cookie);
    if (!page) return refusedRender(request, response, target, pathname, search);
    // Its coding for this reader is not made yet: the full way makes it (server/ssr.ts).
    if (lacksCoding(page, request.headers["accept-encoding"])) return false;

    const started = performance.now();
    const requestId = requestIdOf(request);
    const variant = chooseVariant(page, request.headers["accept-encoding"]);
    const flat = headersOf(variant, pathname);
    if (page.status === 200 && etagMatches(request.headers["if-none-match"], variant.etag)) {
      response.writeHead(304, [...flat.notModified, "X-Request-Id", requestId]);
      response.end();
    } else {
      response.writeHead(page.status, [...flat.ok, "X-Request-Id", requestId]);
      response.end(method === "HEAD" ? undefined : variant.body);
    }
    services.logger.info(
      { requestId, method, path: pathname, status: response.statusCode, ms: Math.round(performance.now() - started) },
      "request",
    );
    return true;
  };

  /**
   * Answers 429 when the client has no renders left in its window and the full way would render;
   * false (not answered) otherwise.
   */
  function refusedRender(
    request: IncomingMessage,
    response: ServerResponse,
    target: string,
    pathname: string,
    search: URLSearchParams,
  ): boolean {
    const forwardedFor = request.headers["x-forwarded-for"];
    const client = resolveClientAddress(
      request.socket.remoteAddress ?? "unknown",
      typeof forwardedFor === "string" ? forwardedFor : undefined,
      services.config.TRUST_PROXY,
    );
    // The budget first: a map lookup, where matching the routes is not free on every miss.
    const retryAfterSeconds = services.rateLimits.pageRenders.spent(client);
    if (retryAfterSeconds === undefined || !pages.rendersOnMiss(target, pathname, search, request.headers.cookie))
      return false;
    const pace = pacer.pace(rateLimitKey(client), retryAfterSeconds);
    if (pace.answer === "now") {
      const requestId = refuse(request, response, pathname, retryAfterSeconds);
      services.logger.info({ requestId, method: request.method, path: pathname, status: 429 }, "request");
      return true;
    }
    const summary = pacer.summary();
    if (summary) services.logger.warn(summary, "page renders refused to clients past their budget, held or closed");
    if (pace.answer === "close") {
      request.socket.destroy();
      return true;
    }
    setTimeout(() => {
      pacer.released();
      if (!response.destroyed) refuse(request, response, pathname, retryAfterSeconds);
    }, pace.holdMs).unref();
    return true;
  }

  /** The full way's 429 with Retry-After; returns its request id. */
  function refuse(
    request: IncomingMessage,
    response: ServerResponse,
    pathname: string,
    retryAfterSeconds: number,
  ): string {
    const requestId = requestIdOf(request);
    response.writeHead(429, [
      ...securityHeaders(pathname, services.config).flat(),
      "Content-Type",
      "application/json",
      "Retry-After",
      String(retryAfterSeconds),
      "X-Request-Id",
      requestId,
    ]);
    response.end(request.method === "HEAD" ? undefined : TOO_MANY_RENDERS);
    return requestId;
  }
}

/** The request id the client sent (cut to 64 characters), or a new one. */
function requestIdOf(request: IncomingMessage): string {
  const header = request.headers["x-request-id"];
  return (typeof header === "string" && header.slice(0, 64)) || randomUUID();
}
