import "dotenv/config";
import path from "node:path";
import { ConfigError, loadConfig } from "./config.ts";
import { createLogger } from "./logger.ts";
import { BUILD_DIR, loadProductionBuild, pageHandler } from "./ssr.ts";
import { startServer } from "./start-server.ts";

/** The production entry: `npm start` runs this after making sure the build is current. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  const build = await loadProductionBuild();
  if (!build) {
    console.error("No build found in build/: run `npm run build` (npm start does it for you).");
    process.exit(1);
  }
  const server = await startServer(config, {
    logger,
    pages: pageHandler(build, "production"),
    clientDir: path.join(BUILD_DIR, "client"),
  });

  const lines = [`utilaje is running at ${server.url}/home`, `Admin: ${config.PUBLIC_URL}/admin  user: ${server.admin.username}`];
  if (server.admin.generatedPassword) {
    lines.push(`Generated admin password (shown once, change it after logging in): ${server.admin.generatedPassword}`);
  } else if (server.admin.created) {
    lines.push("Admin password: the one in ADMIN_PASSWORD.");
  }
  if (server.seeded) lines.push("The empty database was filled with the demo catalogue.");
  console.log(lines.join("\n"));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

await main();
