import { loadConfig } from "../../server/core/config.ts";
import { createLogger } from "../../server/core/logger.ts";
import { productionSite } from "../../server/pages/ssr.ts";
import { startServer, type RunningServer } from "../../server/process/start-server.ts";
import { TEST_ADMIN } from "../helpers/test-admin.ts";

/**
 * The production build (made by `npm run build`) served as `npm start` serves it, on 127.0.0.1 and
 * an ephemeral port, over `dataDir`. Each server gets its own page handler, so its own page cache:
 * the cache is keyed by the catalogue version, and every test's database starts from the same
 * template at the same version, so a handler shared by the servers of one Playwright worker served
 * one test the pages another test had cached (an admin's new category missing from /home, the
 * previous test's contact details shown instead). Node loads the build module once per process anyway.
 */
export async function startSite(options: {
  dataDir: string;
  seedDemo: boolean;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const site = productionSite();
  const config = loadConfig({
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: options.dataDir,
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    ADMIN_EMAIL: TEST_ADMIN.email,
    SEED_DEMO: String(options.seedDemo),
    BACKUP_AT: "off",
    LOG_LEVEL: "warn",
    ...options.env,
  });
  return startServer(config, { logger: createLogger(config.LOG_LEVEL), ...(await site) });
}
