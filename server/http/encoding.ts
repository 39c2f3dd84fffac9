import { Duplex } from "node:stream";
import { promisify } from "node:util";
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from "node:zlib";

/**
 * HTTP content coding: which encoding a client gets, and the bytes of each. One rule for every
 * text reply (cached pages, build assets, API JSON): brotli when accepted, then gzip, else the
 * bytes as they are; replies under 1 KB are not worth a coding (the headers outweigh the saving).
 */

export type Encoding = "br" | "gzip" | "identity";

/** The codings we offer, best first. */
const OFFERED: readonly Exclude<Encoding, "identity">[] = ["br", "gzip"];

/** Below this many bytes a reply goes out as it is. */
export const MIN_COMPRESSIBLE_BYTES = 1024;

/** Content types worth compressing: text, JSON, JavaScript, XML and SVG. */
const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json|[\w.+-]*\+(?:json|xml))|image\/svg\+xml)/i;

export function isCompressible(contentType: string | null | undefined): boolean {
  return !!contentType && COMPRESSIBLE.test(contentType);
}

/**
 * The coding for an Accept-Encoding header (RFC 9110 § 12.5.3): the first of br, gzip that the
 * client accepts with a q-value above 0 (named, or through `*`), else identity.
 */
export function chooseEncoding(acceptEncoding: string | null | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = parameters.map((parameter) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(parameter)).find(Boolean);
    weights.set(name.trim(), q ? Number(q[1]) : 1);
  }
  for (const encoding of OFFERED) {
    const weight =
      weights.get(encoding) ?? (encoding === "gzip" ? weights.get("x-gzip") : undefined) ?? weights.get("*");
    if (weight !== undefined && weight > 0) return encoding;
  }
  return "identity";
}

/** The ETag of a coded representation: the identity ETag with the coding appended, weak kept weak. */
export function encodedEtag(etag: string, encoding: Encoding): string {
  if (encoding === "identity") return etag;
  return etag.replace(/"$/, `-${encoding}"`);
}

/**
 * Whether an If-None-Match header names this ETag: `*`, a single tag or a list, weak or strong
 * (If-None-Match uses the weak comparison, RFC 9110 § 13.1.2).
 */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.match(/"[^"]*"/g)?.includes(opaque) ?? false;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The smallest brotli window (log2 of its bytes) that still reaches back over the whole body, as
 * brotli's own command-line tool picks it for an input of known size. A wider window finds nothing
 * more in a small body, yet the encoder sizes its ring buffer and, at the "fast" quality, its hash
 * table from it: with the default 22 bits each call of a busy server takes and frees megabytes
 * (decision 40); at 16 bits or fewer the encoder also uses its lighter hasher for small inputs.
 */
export function brotliWindowBits(byteLength: number): number {
  let bits = constants.BROTLI_MIN_WINDOW_BITS;
  // The encoder reaches back at most 2^bits − 16 bytes.
  while (2 ** bits - 16 < byteLength && bits < constants.BROTLI_MAX_WINDOW_BITS) bits++;
  return bits;
}

/**
 * The bytes in one coding, on libuv's thread pool (the event loop keeps serving). `effort`: "max"
 * for what is compressed once and kept (build assets: brotli 11, gzip 9), "fast" for what is
 * compressed on the way out of one request or at a cache miss, where the time adds to the reply's.
 */
export async function compress(
  body: Uint8Array,
  encoding: Exclude<Encoding, "identity">,
  effort: "max" | "fast",
): Promise<Uint8Array> {
  if (encoding === "gzip") return gzipAsync(body, { level: effort === "max" ? 9 : 6 });
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: effort === "max" ? constants.BROTLI_MAX_QUALITY : 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.byteLength),
    },
  });
}

/**
 * A coding applied as the bytes stream (a download of unknown length: an export), on libuv's thread
 * pool, with the stream's back-pressure; the "fast" effort of compress().
 */
export function codingStream(encoding: Exclude<Encoding, "identity">): ReadableWritablePair<Uint8Array, Uint8Array> {
  const coder =
    encoding === "gzip"
      ? createGzip({ level: 6 })
      : createBrotliCompress({
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        });
  return Duplex.toWeb(coder) as ReadableWritablePair<Uint8Array, Uint8Array>;
}
