import "dotenv/config";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { ConfigError, loadConfig } from "../core/config.ts";
import { pageHandler } from "../pages/ssr.ts";
import { startServer } from "./start-server.ts";

/**
 * `npm run dev`: the same server as production, with Vite in front for HMR and on-the-fly
 * compilation of the pages (the server build is loaded through Vite on every request).
 */
let config;
try {
  config = loadConfig({ NODE_ENV: "development", ...process.env });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
const server = await startServer(config, {
  pages: pageHandler(
    () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    "development",
  ),
  frontMiddleware: (request, response, next) => vite.middlewares(request, response, next),
});
console.log(`utilaje (development) at ${server.url}/home — admin user: ${server.admin.username}`);
if (server.admin.generatedPassword)
  console.log(`Generated admin password (shown once): ${server.admin.generatedPassword}`);

const stop = async () => {
  await server.close();
  await vite.close();
  process.exit(0);
};
process.once("SIGINT", () => void stop());
process.once("SIGTERM", () => void stop());
