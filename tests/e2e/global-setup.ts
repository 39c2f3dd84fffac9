import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/logger.ts";
import { productionSite } from "../../server/ssr.ts";
import { startServer } from "../../server/start-server.ts";
import { TEST_ADMIN } from "../helpers/test-admin.ts";

/**
 * Serves the production build (made by `npm run build`) on 127.0.0.1 and an ephemeral port, with a
 * temporary data directory and the demo catalogue, the way `npm start` does. The workers read the
 * URL from E2E_BASE_URL; the returned teardown stops the server and removes the data directory.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const site = await productionSite();
  const dataDir = mkdtempSync(path.join(tmpdir(), "utilaje-e2e-"));
  try {
    const config = loadConfig({
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      ADMIN_EMAIL: TEST_ADMIN.email,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
    });
    const server = await startServer(config, { logger: createLogger(config.LOG_LEVEL), ...site });
    process.env.E2E_BASE_URL = server.url;
    return async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
