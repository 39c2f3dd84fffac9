import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_INSTALL_HINT, findChromium } from "./tests/helpers/chromium.ts";

const executablePath = findChromium();
if (!executablePath) throw new Error(`No Chromium found. ${CHROMIUM_INSTALL_HINT}`);

/**
 * Browser tests against the production build: each test gets its own server and database from the
 * fixtures of tests/e2e/fixtures.ts (which also set `baseURL`), copied from the seeded template that
 * tests/e2e/global-setup.ts makes. tests/run.ts asks for the JSON report (for its counts) by setting
 * PLAYWRIGHT_JSON_OUTPUT_FILE.
 */
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "*.spec.ts",
  outputDir: "test-results/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  // Two cores here: two workers keep the browser and the server busy without starving either.
  workers: 2,
  // A test's own waits are for conditions; these are the ceilings on a shared 2-core machine, whose
  // speed varies several times from day to day (an instance's first admin page alone, which loads
  // the admin bundle, took 10 s of a 30 s default on a slow day, and an admin test with three axe
  // checks ran 95 s).
  timeout: 180_000,
  expect: { timeout: 15_000 },
  retries: 0,
  forbidOnly: true,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [["list"], ["json"]] : [["list"]],
  use: {
    browserName: "chromium",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath,
      args: CHROMIUM_ARGS,
    },
  },
});
