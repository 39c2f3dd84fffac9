import { sha256Source } from "../http/csp-source.ts";

const SCRIPT_START = "<script";
const SCRIPT_END = "</script>";
const SOURCE_ATTRIBUTE = /\ssrc=/i;

/**
 * The page with the application's own inline scripts unmarked, and the sha256 sources of exactly
 * those scripts. React Router writes `mark` as the `nonce` of the scripts it emits (the router
 * context, the module loader, scroll restoration: app/entry.server.tsx, app/root.tsx); a script that
 * reached the HTML through content (rich text from the database) cannot carry the mark, which is
 * random per process and never sent: so it gets no hash, and the browser refuses to run it.
 * Read in bytes, from one mark to the next: a page is never decoded for it (decision 054).
 */
export function appScripts(
  parts: readonly Buffer[],
  mark: string,
): { document: Buffer<ArrayBuffer>; hashes: string[] } {
  const marker = Buffer.from(` nonce="${mark}"`);
  const hashes = new Set<string>();
  // Off every tag (module preloads carry it too): the mark never leaves the server.
  const kept: Buffer[] = [];
  // Each part holds whole tags and scripts (app/lib/document-edges.server.ts).
  for (const part of parts) {
    let from = 0;
    for (let at = part.indexOf(marker); at >= 0; at = part.indexOf(marker, from)) {
      kept.push(part.subarray(from, at));
      from = at + marker.length;
      // The tag the mark is in (an attribute holds no "<": React escapes it).
      const tag = part.lastIndexOf("<", at);
      const end = part.indexOf(">", from);
      if (end < 0 || !isScriptTag(part.toString("latin1", tag, end + 1))) continue;
      const close = part.indexOf(SCRIPT_END, end);
      if (close >= 0) hashes.add(sha256Source(part.subarray(end + 1, close)));
    }
    kept.push(part.subarray(from));
  }
  return { document: Buffer.concat(kept), hashes: [...hashes] };
}

/** An inline script's start tag (`<script …>` without `src`: a script from a file needs no hash). */
function isScriptTag(tag: string): boolean {
  const after = tag.charAt(SCRIPT_START.length);
  return (
    tag.toLowerCase().startsWith(SCRIPT_START) && (after === ">" || /\s/.test(after)) && !SOURCE_ATTRIBUTE.test(tag)
  );
}

/**
 * The policy of a page: scripts only from our origin or with the hash of an inline script of the
 * application (hashes, not nonces, so a cached page stays valid for every reader). Styles may be
 * inline: the carousel positions slides with style attributes. `thirdParty` origins (a reCAPTCHA or
 * Turnstile captcha, when configured) may add scripts, frames and calls.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[], thirdParty: readonly string[] = []): string {
  const origins = thirdParty.map((origin) => ` ${origin}`).join("");
  return [
    "default-src 'self'",
    `script-src 'self'${origins} ${scriptHashes.join(" ")}`.trim(),
    ...(thirdParty.length > 0 ? [`frame-src${origins}`] : []),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${origins}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
