import type { Context, MiddlewareHandler } from "hono";
import {
  chooseEncoding,
  codingStream,
  compress,
  encodedEtag,
  etagMatches,
  isCompressible,
  MIN_COMPRESSIBLE_BYTES,
} from "./encoding.ts";

/** Statuses that carry no body, or a part of one that must not be re-coded. */
const UNCODED_STATUSES = new Set([101, 204, 206, 304]);

/**
 * Compresses, on the way out, a text reply that was not coded already (API JSON, the OpenAPI
 * document, uncached pages such as /admin and error pages): brotli or gzip by Accept-Encoding,
 * Vary: Accept-Encoding, and the ETag of the coded bytes (an If-None-Match naming it gets a 304,
 * which the inner ETag check could not know). Cached pages and build assets come already coded,
 * from bytes compressed once (server/http/representations.ts), and pass through untouched.
 */
export function compressReplies(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    // A revalidated reply names what it varies on, as its 200 did.
    if (response.status === 304) return void addVary(response.headers);
    if (UNCODED_STATUSES.has(response.status) || !response.body) return;
    if (response.headers.has("Content-Encoding") || !isCompressible(response.headers.get("Content-Type"))) return;
    if (/\bno-transform\b/i.test(response.headers.get("Cache-Control") ?? "")) return;

    // A download (an export) is coded as it streams: never read whole, and its length is not known.
    if (/^attachment/i.test(response.headers.get("Content-Disposition") ?? "")) return codeStream(c, response);
    // Other text replies are small: read whole, so that HEAD and GET both carry the Content-Length.
    const body = new Uint8Array(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    const encoding =
      body.byteLength >= MIN_COMPRESSIBLE_BYTES ? chooseEncoding(c.req.header("Accept-Encoding")) : "identity";
    if (body.byteLength >= MIN_COMPRESSIBLE_BYTES) addVary(headers);
    const etag = headers.get("ETag");
    if (etag && encoding !== "identity") {
      const codedEtag = encodedEtag(etag, encoding);
      headers.set("ETag", codedEtag);
      if (response.status === 200 && etagMatches(c.req.header("If-None-Match"), codedEtag)) {
        for (const name of ["Content-Length", "Content-Type"]) headers.delete(name);
        return replace(c, new Response(null, { status: 304, headers }));
      }
    }
    const coded = encoding === "identity" ? body : new Uint8Array(await compress(body, encoding, "fast"));
    if (encoding !== "identity") headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(coded.byteLength));
    replace(c, new Response(coded, { status: response.status, headers }));
  };
}

function codeStream(c: Context, response: Response): void {
  const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
  const headers = new Headers(response.headers);
  addVary(headers);
  if (encoding === "identity" || !response.body)
    return replace(c, new Response(response.body, { status: response.status, headers }));
  headers.set("Content-Encoding", encoding);
  headers.delete("Content-Length");
  headers.delete("ETag");
  replace(c, new Response(response.body.pipeThrough(codingStream(encoding)), { status: response.status, headers }));
}

function addVary(headers: Headers): void {
  const vary = headers.get("Vary");
  if (!vary) headers.set("Vary", "Accept-Encoding");
  else if (!/accept-encoding/i.test(vary)) headers.set("Vary", `${vary}, Accept-Encoding`);
}

/**
 * Hono's `c.res = …` merges the old reply's headers into the new one (an old Content-Length, ETag);
 * this replaces it.
 */
function replace(c: Context, response: Response): void {
  c.res = undefined;
  c.res = response;
}
