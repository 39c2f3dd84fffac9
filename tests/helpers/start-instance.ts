import { loadConfig } from "../../server/core/config.ts";
import { createLogger } from "../../server/core/logger.ts";
import { startServer } from "../../server/process/start-server.ts";

/**
 * One server instance in its own process (API only), configured by the environment as in
 * production: prints one JSON line about its start-up, then stops. Tests start several at the same
 * moment on one database to check that start-up never fails because another instance won a race.
 */
const config = loadConfig();
const server = await startServer(config, { logger: createLogger(config.LOG_LEVEL) });
console.log(JSON.stringify({ admin: server.admin, seeded: server.seeded }));
await server.close();
