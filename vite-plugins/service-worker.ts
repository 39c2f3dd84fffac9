import path from "node:path";
import type { Plugin } from "vite";
import { generateSW } from "workbox-build";

/** The service worker's address (spec §1/§4: registered in production builds only, app/lib/service-worker.ts). */
export const SERVICE_WORKER_FILE = "sw.js";

/**
 * Generates the service worker into the client build with Workbox (spec §1, §4):
 *  - precaches the public shell: the hashed scripts and styles of the public pages (never the admin
 *    module's), the public files and the offline page;
 *  - pages (documents and React Router's `.data` requests) go to the network first, so an admin's
 *    change is seen as soon as the visitor is online; a visited page is kept and served offline; an
 *    unvisited one gets /offline.html, which speaks the visitor's language;
 *  - pictures under /media (immutable URLs) come from the cache first, at most 200 of them, 30 days;
 *  - public API reads (the later banners) network first; anything under /admin, any request that is
 *    not a GET and any request carrying credentials (Authorization) are left to the network, never cached.
 * The route callbacks are copied into the worker as text, so they use nothing from this module.
 */
export function serviceWorker(): Plugin {
  return {
    name: "utilaje-service-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle: {
      sequential: true,
      order: "post",
      async handler(options) {
        const outDir = options.dir;
        if (!outDir) return;
        const { warnings } = await generateSW({
          globDirectory: outDir,
          swDest: path.join(outDir, SERVICE_WORKER_FILE),
          globPatterns: ["assets/*.{js,css}", "*.{svg,html}"],
          globIgnores: ["**/*admin*", "**/*.br", "**/*.gz", ".vite/**"],
          // Hashed names change with their content: no need to fetch them again to check.
          dontCacheBustURLsMatching: /^assets\//,
          inlineWorkboxRuntime: true,
          mode: "production",
          sourcemap: false,
          skipWaiting: true,
          clientsClaim: true,
          cleanupOutdatedCaches: true,
          runtimeCaching: [
            {
              urlPattern: ({ request, url }) =>
                request.method === "GET" &&
                !url.pathname.startsWith("/admin") &&
                !request.headers.has("Authorization") &&
                (request.mode === "navigate" || url.pathname.endsWith(".data")),
              handler: "NetworkFirst",
              options: {
                cacheName: "pages",
                expiration: { maxEntries: 100 },
                cacheableResponse: { statuses: [200] },
                // Pages vary on the cookie the worker cannot see: one kept copy per address.
                matchOptions: { ignoreVary: true },
                precacheFallback: { fallbackURL: "/offline.html" },
              },
            },
            {
              // Hashed build files written after this worker (React Router's route manifest): immutable.
              urlPattern: ({ request, url }) => request.method === "GET" && url.pathname.startsWith("/assets/"),
              handler: "CacheFirst",
              options: { cacheName: "assets", expiration: { maxEntries: 100 }, cacheableResponse: { statuses: [200] } },
            },
            {
              urlPattern: ({ request, url }) => request.method === "GET" && url.pathname.startsWith("/media/"),
              handler: "CacheFirst",
              options: {
                cacheName: "media",
                expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 },
                cacheableResponse: { statuses: [200] },
              },
            },
            {
              urlPattern: ({ request, url }) =>
                request.method === "GET" && url.pathname.startsWith("/api/") && !request.headers.has("Authorization"),
              handler: "NetworkFirst",
              options: { cacheName: "api", expiration: { maxEntries: 50 }, cacheableResponse: { statuses: [200] } },
            },
          ],
        });
        for (const warning of warnings) this.warn(warning);
      },
    },
  };
}
