import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { etagMatches } from "../http/encoding.ts";
import { chooseVariant, lacksCoding, type Representations, type Variant } from "../http/representations.ts";
import { securityHeaders } from "../http/security-headers.ts";
import type { Services } from "../services.ts";

/** Looks the page of an address (server/pages/page-key.ts) and catalogue version up in the page cache without rendering anything. */
export type CachedPageLookup = (version: number, pathname: string, search: URLSearchParams, cookieHeader: string | undefined) => Representations | undefined;

/**
 * The short path from the socket to a cached page: before the Hono app (no Request object, no
 * routing, no middleware chain), a GET or HEAD whose page is in the cache, for the catalogue
 * version known at this moment, is answered from the kept bytes in the client's coding, with the
 * headers the app would have set (the page's own, the security headers, a request id) and the same
 * log line. Anything else (a miss, a version that needs reading, other methods, a coding of the
 * page not made yet) returns false and goes the full way, which renders and fills the cache.
 */
export function cachedPageListener(lookup: CachedPageLookup, services: Services): (request: IncomingMessage, response: ServerResponse) => boolean {
  // The headers of each kept variant as node:http takes them, worked out once per variant.
  const flatHeaders = new WeakMap<Variant, { ok: string[]; notModified: string[] }>();
  const headersOf = (variant: Variant, pathname: string) => {
    let flat = flatHeaders.get(variant);
    if (!flat) {
      const security = securityHeaders(pathname, services.config);
      flat = { ok: [...variant.headers, ...security].flat(), notModified: [...variant.notModifiedHeaders, ...security].flat() };
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
    const page = lookup(version, pathname, new URLSearchParams(queryAt === -1 ? "" : target.slice(queryAt + 1)), request.headers.cookie);
    // Its coding for this reader is not made yet: the full way makes it (server/ssr.ts).
    if (!page || lacksCoding(page, request.headers["accept-encoding"])) return false;

    const started = performance.now();
    const requestIdHeader = request.headers["x-request-id"];
    const requestId = (typeof requestIdHeader === "string" && requestIdHeader.slice(0, 64)) || randomUUID();
    const variant = chooseVariant(page, request.headers["accept-encoding"]);
    const flat = headersOf(variant, pathname);
    if (page.status === 200 && etagMatches(request.headers["if-none-match"], variant.etag)) {
      response.writeHead(304, [...flat.notModified, "X-Request-Id", requestId]);
      response.end();
    } else {
      response.writeHead(page.status, [...flat.ok, "X-Request-Id", requestId]);
      response.end(method === "HEAD" ? undefined : variant.body);
    }
    services.logger.info({ requestId, method, path: pathname, status: response.statusCode, ms: Math.round(performance.now() - started) }, "request");
    return true;
  };
}
