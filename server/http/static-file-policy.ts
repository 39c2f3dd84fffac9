import { sha256Source } from "./csp-source.ts";

const INLINE = /<(script|style)\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/\1>/gi;

/**
 * The Content-Security-Policy of a file served as it is built (decision 053): an HTML page (the
 * service worker's /offline.html) may run exactly its own inline scripts and styles, by their
 * hashes, and load the rest from this origin; an SVG (which a browser opened on its own treats as a
 * document) runs nothing and loads nothing. Other files are not documents: no policy.
 */
export function staticFilePolicy(urlPath: string, body: Uint8Array): string | undefined {
  if (urlPath.endsWith(".svg")) return "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";
  if (!urlPath.endsWith(".html")) return undefined;
  const sources = { script: new Set<string>(), style: new Set<string>() };
  for (const [, tag, content] of new TextDecoder().decode(body).matchAll(INLINE))
    sources[tag.toLowerCase() as "script" | "style"].add(sha256Source(content ?? ""));
  return [
    "default-src 'self'",
    `script-src 'self' ${[...sources.script].join(" ")}`.trim(),
    `style-src 'self' ${[...sources.style].join(" ")}`.trim(),
    "img-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
