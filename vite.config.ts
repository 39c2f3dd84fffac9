import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { precompress } from "./vite-plugins/precompress.ts";

export default defineConfig({
  plugins: [reactRouter(), precompress()],
  build: {
    sourcemap: false,
    rolldownOptions: {
      output: {
        // React and React Router in one chunk on every page, however the admin shares their modules.
        codeSplitting: { groups: [{ name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/ }] },
      },
    },
  },
  ssr: {
    // Native and server-only packages stay as runtime imports of the server build.
    external: ["better-sqlite3", "sharp", "pg", "pino", "@node-rs/argon2"],
  },
});
