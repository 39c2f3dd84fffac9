import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import path from "node:path";
import { readVersion } from "./server/core/version.ts";
import { dictionaryScripts } from "./vite-plugins/dictionary-scripts.ts";
import { noServerCode } from "./vite-plugins/no-server-code.ts";
import { precompress } from "./vite-plugins/precompress.ts";
import { serviceWorker } from "./vite-plugins/service-worker.ts";

/**
 * The public site's styles (every stylesheet under app/ except the admin's) in one chunk, so a page
 * loads one render-blocking stylesheet instead of one per component (about 4 kB compressed in all).
 * Admin styles (Mantine, the admin's own) stay with the lazily loaded admin module, the contact
 * form's with /contact, the category filters' and compare page's (app/components/specifications/)
 * with those pages.
 */
const PUBLIC_STYLES = /[\\/]app[\\/](?![^?]*(?:admin|contact-form[\\/]|specifications[\\/]))[^?]*\.css(?:$|\?)/;

/**
 * React and React Router in one chunk, and the code the public pages share (app/components, i18n, seo,
 * lib, and page-data in the page server's build; not the route modules, nor what loads lazily: the sliders
 * and their parts; nothing of common/, whose schemas the admin module brings zod with) in another: a page
 * then preloads a handful of scripts instead of about twenty, so
 * its stylesheet and first picture are not queued behind them on a phone's connection (browsers
 * open six connections per HTTP/1.1 origin). The contact form (app/components/contact-form/) is
 * /contact's alone: in the shared chunk it brought zod and the captcha to every page. The category
 * filters and the compare page's parts (app/components/specifications/) are their pages' alone too,
 * as are the category menu (the category page's), the availability calendar and its rows (the product page's)
 * and the plain links' handler (the category and search pages').
 * What a page loads only when a visitor needs it (the cookie bar's question, the service worker's
 * registration, the search box's suggestions) stays out too, or the shared chunk would bring it to every page anyway
 * (decision 056); so do the dictionaries, each loaded for the pages of its language.
 */
const FRAMEWORK = /[\\/]node_modules[\\/](?:react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
const PUBLIC_CODE =
  /[\\/]app[\\/](?!i18n[\\/](?:ro|en)\.ts)(?:components|i18n|page-data|lib|seo)[\\/](?![^?]*(?:slider\.tsx|contact-form[\\/]|specifications[\\/]|availability-calendar(?:\.tsx|-rows\.ts)|category-menu\.tsx|list-links\.ts|cookie-consent\.tsx|service-worker-registration\.ts|search-combobox\.ts))[^?]*\.tsx?(?:$|\?)/;

export default defineConfig({
  // The service worker is generated before the client files are compressed, so it is compressed too.
  plugins: [
    reactRouter(),
    dictionaryScripts(),
    noServerCode(path.join(import.meta.dirname, "server")),
    serviceWorker(),
    precompress(),
  ],
  // The UI's build info for /version (app/build-info.ts), taken from git when the bundle is built.
  define: { __UI_BUILD__: JSON.stringify(readVersion(import.meta.dirname)) },
  build: {
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "public-styles", test: PUBLIC_STYLES },
            { name: "framework", test: FRAMEWORK },
            { name: "public", test: PUBLIC_CODE },
          ],
        },
      },
    },
  },
  environments: {
    // React Router builds each page server bundle (react-router.config.ts) as an environment of its
    // own, with these settings; the top-level `ssr` settings would reach only an environment named ssr.
    ssr: {
      resolve: {
        // Native and server-only packages stay as runtime imports of the server build.
        external: ["better-sqlite3", "sharp", "pg", "pino", "@node-rs/argon2"],
        // The admin's UI packages are bundled, so the server holds only the parts its routes use: left
        // as runtime imports they cost about 20 MB of heap (every Tabler icon alone 15 MB; decision 34).
        noExternal: ["@tabler/icons-react", /^@mantine\//, /^@tiptap\//],
      },
    },
  },
});
