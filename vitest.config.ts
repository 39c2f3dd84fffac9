import { defineConfig } from "vitest/config";

/**
 * Two projects: `unit` (pure modules) and `api` (the real server over HTTP). The api project runs
 * once per database: TEST_DIALECT=sqlite (default) or postgres (tests/run.ts runs both).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/helpers/postgres-global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
