import type { Config } from "../core/config.ts";

/** Every powerful feature denied: the site uses none of them. */
const PERMISSIONS_POLICY = [
  "accelerometer",
  "autoplay",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "idle-detection",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

/** The addresses that hold a secret token in their path. */
const SECRET_PATHS = ["/admin/reset", "/oferta/", "/api/offer-links/"];

/**
 * The headers every reply carries, whatever answered it (the Hono app, or the cached-page path in
 * server/pages/cached-page-listener.ts): no sniffing, no framing, the referrer policy, HSTS when the
 * site is served over HTTPS, no access to the device features the site never uses, a window of
 * its own (no other site's window keeps a handle on it), and admin pages never stored by any cache.
 */
export function securityHeaders(pathname: string, config: Pick<Config, "PUBLIC_URL">): [string, string][] {
  const headers: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    // The reset page's and an offer's personal link carry a secret token: it must not leak to other sites.
    [
      "Referrer-Policy",
      SECRET_PATHS.some((secret) => pathname.startsWith(secret)) ? "no-referrer" : "strict-origin-when-cross-origin",
    ],
    ["X-Frame-Options", "DENY"],
    ["Permissions-Policy", PERMISSIONS_POLICY],
    ["Cross-Origin-Opener-Policy", "same-origin"],
  ];
  // The admin's pages show the company's leads and the reset page a secret token (its API replies are no-store
  // already).
  if (pathname === "/admin" || pathname.startsWith("/admin/")) headers.push(["Cache-Control", "no-store"]);
  if (config.PUBLIC_URL.startsWith("https://"))
    headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return headers;
}
