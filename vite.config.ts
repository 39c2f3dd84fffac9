import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { readVersion } from "./server/version.ts";
import { precompress } from "./vite-plugins/precompress.ts";
import { serviceWorker } from "./vite-plugins/service-worker.ts";

/**
 * The public site's styles (every stylesheet under app/ except the admin's) in one chunk, so a page
 * loads one render-blocking stylesheet instead of one per component (about 4 kB compressed in all).
 * Admin styles (Mantine, the admin's own) stay with the lazily loaded admin module.
 */
const PUBLIC_STYLES = /[\\/]app[\\/](?![^?]*admin)[^?]*\.css(?:$|\?)/;

export default defineConfig({
  // The service worker is generated before the client files are compressed, so it is compressed too.
  plugins: [reactRouter(), serviceWorker(), precompress()],
  // The UI's build info for /version (app/build-info.ts), taken from git when the bundle is built.
  define: { __UI_BUILD__: JSON.stringify(readVersion(import.meta.dirname)) },
  build: {
    sourcemap: false,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: "public-styles", test: PUBLIC_STYLES }] } },
    },
  },
  ssr: {
    // Native and server-only packages stay as runtime imports of the server build.
    external: ["better-sqlite3", "sharp", "pg", "pino", "@node-rs/argon2"],
  },
});
