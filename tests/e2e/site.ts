import { loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/logger.ts";
import { productionSite } from "../../server/ssr.ts";
import { startServer, type RunningServer } from "../../server/start-server.ts";
import { TEST_ADMIN } from "../helpers/test-admin.ts";

let build: ReturnType<typeof productionSite> | undefined;

/**
 * The production build (made by `npm run build`) served as `npm start` serves it, on 127.0.0.1 and
 * an ephemeral port, over `dataDir`. The build is loaded once per process.
 */
export async function startSite(options: { dataDir: string; seedDemo: boolean; env?: Record<string, string> }): Promise<RunningServer> {
  build ??= productionSite();
  const config = loadConfig({
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: options.dataDir,
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    ADMIN_EMAIL: TEST_ADMIN.email,
    SEED_DEMO: String(options.seedDemo),
    LOG_LEVEL: "warn",
    ...options.env,
  });
  return startServer(config, { logger: createLogger(config.LOG_LEVEL), ...(await build) });
}
