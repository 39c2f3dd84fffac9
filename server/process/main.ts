import "dotenv/config";
import { loadConfig } from "../core/config.ts";
import { createLogger } from "../core/logger.ts";
import { productionSite } from "../pages/ssr.ts";
import { startServer } from "./start-server.ts";

/**
 * The server's process: server/process/index.ts (what `npm start` and the systemd unit run) replaces itself
 * by this module with the settings of server/process/settings.ts, after loading it once to fill the
 * compile cache; only as that process's entry does it start the server.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const server = await startServer(config, { logger, ...(await productionSite()) });

  // The started server's PUBLIC_URL: with PORT=0 the default one has learnt the port actually chosen.
  const lines = [
    `utilaje is running at ${server.url}/home`,
    `Admin: ${server.services.config.PUBLIC_URL}/admin  user: ${server.admin.username}`,
  ];
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
    server.close({ delayMs: config.SHUTDOWN_DELAY * 1000, lingerIdle: true }).then(
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

if (import.meta.main) {
  try {
    await main();
  } catch (error) {
    // A bad setting, a busy port, an unreachable database: one clear line, no stack trace.
    console.error(`utilaje could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
