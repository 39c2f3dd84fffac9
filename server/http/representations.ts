import { createHash } from "node:crypto";
import {
  chooseEncoding,
  compress,
  encodedEtag,
  etagMatches,
  isCompressible,
  MIN_COMPRESSIBLE_BYTES,
  type Encoding,
} from "./encoding.ts";

/**
 * A reply kept in every coding it is offered in (a cached page, a build asset), each with its own
 * ETag and its reply headers worked out in advance, so that serving it is a lookup and a write.
 */

export interface Variant {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  /** Every header of a 200 in this coding, Content-Length included. */
  headers: [string, string][];
  /** The headers of a 304 in this coding (RFC 9110 § 15.4.5: those a 200 would have, minus the body's). */
  notModifiedHeaders: [string, string][];
}

export interface Representations {
  status: number;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
  /**
   * Codings worth making that are not made yet (`later` of representations()): the first request
   * whose best coding one is makes it (withCoding); until then none is served in it.
   */
  later?: Set<CodedEncoding>;
}

type CodedEncoding = Exclude<Encoding, "identity">;

const CODINGS: readonly CodedEncoding[] = ["br", "gzip"];

/** A strong ETag from the identity bytes. */
export function contentEtag(body: Uint8Array): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

const BODY_HEADERS = new Set(["content-length", "content-encoding", "etag", "vary", "transfer-encoding"]);
const NOT_MODIFIED_DROPPED = new Set(["content-length", "content-type", "content-encoding"]);

/** `Vary` with Accept-Encoding added to what the reply already varies on. */
function varyWithEncoding(vary: string | null): string {
  if (!vary) return "Accept-Encoding";
  return /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary) ? vary : `${vary}, Accept-Encoding`;
}

function variant(
  body: Uint8Array<ArrayBuffer>,
  base: [string, string][],
  etag: string,
  encoding: Encoding,
  vary: string | null,
): Variant {
  const headers: [string, string][] = [...base, ["ETag", etag], ["Content-Length", String(body.byteLength)]];
  if (encoding !== "identity") headers.push(["Content-Encoding", encoding]);
  if (vary) headers.push(["Vary", vary]);
  const notModifiedHeaders = headers.filter(([name]) => !NOT_MODIFIED_DROPPED.has(name.toLowerCase()));
  return { body, etag, headers, notModifiedHeaders };
}

/**
 * The representations of a reply: the bytes as they are and, for a compressible type of at least
 * 1 KB, brotli and gzip codings (each kept only when smaller). `coded` gives codings made elsewhere
 * (the build's .br/.gz files); what it lacks is compressed here with `effort`. `now`: the codings
 * to make at once, the others left for the first request that takes one (a page rendered at a
 * cache miss is compressed in its reader's coding: most readers never ask for the other one;
 * decision 054); all by default.
 */
export async function representations(options: {
  status?: number;
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
  etag?: string;
  effort: "max" | "fast";
  coded?: Partial<Record<CodedEncoding, Uint8Array<ArrayBuffer>>>;
  now?: readonly Encoding[];
}): Promise<Representations> {
  const { body, headers } = options;
  const etag = options.etag ?? headers.get("ETag") ?? contentEtag(body);
  const base = [...headers].filter(([name]) => !BODY_HEADERS.has(name.toLowerCase()));
  const codable = isCompressible(headers.get("Content-Type")) && body.byteLength >= MIN_COMPRESSIBLE_BYTES;
  const vary = codable ? varyWithEncoding(headers.get("Vary")) : headers.get("Vary");
  const result: Representations = {
    status: options.status ?? 200,
    identity: variant(body, base, etag, "identity", vary),
  };
  if (!codable) return result;
  const codings = CODINGS.filter((encoding) => options.now?.includes(encoding) ?? true);
  if (codings.length < CODINGS.length)
    result.later = new Set(CODINGS.filter((encoding) => !codings.includes(encoding)));
  await Promise.all(codings.map((encoding) => addCoding(result, encoding, options.effort, options.coded?.[encoding])));
  return result;
}

async function addCoding(
  result: Representations,
  encoding: CodedEncoding,
  effort: "max" | "fast",
  coded?: Uint8Array<ArrayBuffer>,
): Promise<void> {
  const { identity } = result;
  const made = coded ?? (await compress(identity.body, encoding, effort));
  if (made.byteLength >= identity.body.byteLength) return;
  const base = identity.headers.filter(([name]) => !BODY_HEADERS.has(name.toLowerCase()));
  const vary = identity.headers.find(([name]) => name === "Vary")?.[1] ?? null;
  result[encoding] = variant(new Uint8Array(made), base, encodedEtag(identity.etag, encoding), encoding, vary);
}

/** Whether the request's best coding is one left for later (it must go through withCoding first). */
export function lacksCoding(representations: Representations, acceptEncoding: string | null | undefined): boolean {
  const encoding = chooseEncoding(acceptEncoding);
  return encoding !== "identity" && representations.later?.has(encoding) === true;
}

/**
 * Makes the request's best coding when it was left for later (at the "fast" effort: such replies
 * are the pages rendered at a miss); a request arriving while it is being made gets the bytes as
 * they are meanwhile. True when a coding was added.
 */
export async function withCoding(
  representations: Representations,
  acceptEncoding: string | null | undefined,
): Promise<boolean> {
  const encoding = chooseEncoding(acceptEncoding);
  if (encoding === "identity" || !representations.later?.delete(encoding)) return false;
  await addCoding(representations, encoding, "fast");
  return true;
}

/** The variant a request gets: its best accepted coding that we hold, else the identity bytes. */
export function chooseVariant(representations: Representations, acceptEncoding: string | null | undefined): Variant {
  const encoding = chooseEncoding(acceptEncoding);
  return (encoding !== "identity" && representations[encoding]) || representations.identity;
}

/** The reply to a GET or HEAD: 304 when If-None-Match names the chosen variant, no body for HEAD. */
export function serveRepresentations(request: Request, representations: Representations): Response {
  const chosen = chooseVariant(representations, request.headers.get("Accept-Encoding"));
  if (representations.status === 200 && etagMatches(request.headers.get("If-None-Match"), chosen.etag)) {
    return new Response(null, { status: 304, headers: chosen.notModifiedHeaders });
  }
  // The kept bytes themselves: a Response only reads its body, never changes it.
  return new Response(request.method === "HEAD" ? null : chosen.body, {
    status: representations.status,
    headers: chosen.headers,
  });
}
