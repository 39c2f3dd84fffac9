import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { precompress } from "./vite-plugins/precompress.ts";

export default defineConfig({
  plugins: [reactRouter(), precompress()],
  build: { sourcemap: false },
  ssr: {
    // Native and server-only packages stay as runtime imports of the server build.
    external: ["better-sqlite3", "sharp", "pg", "pino", "@node-rs/argon2"],
  },
});
