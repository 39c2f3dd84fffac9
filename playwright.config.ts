import { defineConfig } from "@playwright/test";
import { CHROMIUM_INSTALL_HINT, findChromium } from "./tests/helpers/chromium.ts";

const executablePath = findChromium();
if (!executablePath) throw new Error(`No Chromium found. ${CHROMIUM_INSTALL_HINT}`);

/**
 * Browser tests against the production build, served for real by tests/e2e/global-setup.ts, which
 * puts the server's URL in E2E_BASE_URL before the workers start. tests/run.ts asks for the JSON
 * report (for its counts) by setting PLAYWRIGHT_JSON_OUTPUT_FILE.
 */
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "*.spec.ts",
  outputDir: "test-results/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  // Two cores here: two workers keep the browser and the server busy without starving either.
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: "chromium",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
});
