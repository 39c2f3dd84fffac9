import { defineConfig } from "vitest/config";

/**
 * Three projects: `unit` (pure modules), `api` (the real server over HTTP) and `deploy` (the
 * production build in its own processes behind nginx, docs/operations.md's shape; needs the build,
 * nginx and TEST_DIALECT=postgres). The api project runs once per database: TEST_DIALECT=sqlite
 * (default) or postgres (tests/run.ts runs both).
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
      {
        test: {
          name: "deploy",
          include: ["tests/deploy/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/helpers/postgres-global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
