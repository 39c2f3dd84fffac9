import { sha256Source } from "../http/csp-source.ts";

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The page with the application's own inline scripts unmarked, and the sha256 sources of exactly
 * those scripts. React Router writes `mark` as the `nonce` of the scripts it emits (the router
 * context, the module loader, scroll restoration: app/entry.server.tsx, app/root.tsx); a script that
 * reached the HTML through content (rich text from the database) cannot carry the mark, which is
 * random per process and never sent: so it gets no hash, and the browser refuses to run it.
 */
export function appScripts(html: string, mark: string): { html: string; hashes: string[] } {
  const marker = ` nonce="${mark}"`;
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(INLINE_SCRIPT)) {
    if (attributes.includes(marker)) hashes.add(sha256Source(content ?? ""));
  }
  // Off every tag (module preloads carry it too): the mark never leaves the server.
  return { html: html.replaceAll(marker, ""), hashes: [...hashes] };
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
