import type { Config } from "../core/config.ts";

/**
 * The headers every reply carries, whatever answered it (the Hono app, or the cached-page path in
 * server/pages/cached-page-listener.ts): no sniffing, no framing, the referrer policy, HSTS when the
 * site is served over HTTPS.
 */
export function securityHeaders(pathname: string, config: Pick<Config, "PUBLIC_URL">): [string, string][] {
  const headers: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    // The reset page's URL carries a secret token: it must not leak to other sites.
    ["Referrer-Policy", pathname.startsWith("/admin/reset") ? "no-referrer" : "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
  ];
  if (config.PUBLIC_URL.startsWith("https://")) headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return headers;
}
