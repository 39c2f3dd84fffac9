import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CHROMIUM_INSTALL_HINT, findChromium } from "./helpers/chromium.ts";
import { findNginx, NGINX_INSTALL_HINT } from "./helpers/nginx.ts";

/**
 * `npm test`: what a reviewer would run, in order, stopping at the first failure: lint, typecheck,
 * unit tests, the production build, the API tests on SQLite then on PostgreSQL, the deployment
 * tests (nginx in front of two instances on PostgreSQL, docs/operations.md), the browser tests.
 * Ends with a summary per stage and a last line `N passed, N failed` over every vitest and
 * Playwright test, read from their JSON reports.
 */

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface Stage {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** The JSON report the stage writes, and how to read its counts. */
  report?: { file: string; counts: (report: unknown) => Counts };
}

interface Outcome {
  stage: Stage;
  ok: boolean;
  seconds: number;
  counts?: Counts;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

const reportDir = mkdtempSync(path.join(tmpdir(), "utilaje-test-reports-"));

function vitest(name: string, project: string, env: Record<string, string> = {}): Stage {
  const file = path.join(reportDir, `${name.replace(/\W+/g, "-")}.json`);
  return {
    name,
    command: "npx",
    args: [
      "--no",
      "vitest",
      "run",
      "--project",
      project,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${file}`,
    ],
    env,
    report: {
      file,
      counts: (report) => {
        const r = report as VitestReport;
        return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
      },
    },
  };
}

function playwright(name: string): Stage {
  const file = path.join(reportDir, "e2e.json");
  return {
    name,
    command: "npx",
    args: ["--no", "playwright", "test"],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: file },
    report: {
      file,
      counts: (report) => {
        const { stats } = report as PlaywrightReport;
        return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
      },
    },
  };
}

const npmRun = (script: string): Stage => ({ name: script, command: "npm", args: ["run", "--silent", script] });

const stages: Stage[] = [
  npmRun("lint"),
  npmRun("typecheck"),
  vitest("unit", "unit"),
  npmRun("build"),
  vitest("api (sqlite)", "api", { TEST_DIALECT: "sqlite" }),
  vitest("api (postgres)", "api", { TEST_DIALECT: "postgres" }),
  vitest("deploy (nginx)", "deploy", { TEST_DIALECT: "postgres" }),
  playwright("e2e"),
];

function run(stage: Stage): Outcome {
  console.log(`\n=== ${stage.name}: ${[stage.command, ...stage.args].join(" ")}\n`);
  const started = performance.now();
  const result = spawnSync(stage.command, stage.args, { stdio: "inherit", env: { ...process.env, ...stage.env } });
  const seconds = (performance.now() - started) / 1000;
  if (result.error) console.error(`${stage.name}: could not run ${stage.command}: ${result.error.message}`);
  let counts: Counts | undefined;
  if (stage.report && existsSync(stage.report.file)) {
    try {
      counts = stage.report.counts(JSON.parse(readFileSync(stage.report.file, "utf8")));
    } catch (error) {
      console.error(`${stage.name}: unreadable test report ${stage.report.file}: ${String(error)}`);
    }
  }
  // A failed test fails its stage even if the runner's exit status says otherwise.
  return { stage, ok: result.status === 0 && !counts?.failed, seconds, counts };
}

function summarise(outcomes: Outcome[]): void {
  console.log("\n=== npm test summary");
  for (const stage of stages) {
    const outcome = outcomes.find((o) => o.stage === stage);
    const state = !outcome ? "not run" : outcome.ok ? "ok" : "FAILED";
    const time = outcome ? `${outcome.seconds.toFixed(1).padStart(6)} s` : "";
    const counts = outcome?.counts;
    const tests = counts
      ? `  ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ""}`
      : "";
    console.log(`  ${stage.name.padEnd(16)} ${state.padEnd(8)} ${time}${tests}`.trimEnd());
  }
  const passed = outcomes.reduce((sum, o) => sum + (o.counts?.passed ?? 0), 0);
  // A stage that fails without a failing test (lint, build, a crashed setup) still counts as one
  // failure, so the last line never reads "0 failed" on a failed run.
  const failed = outcomes.reduce((sum, o) => sum + (o.counts?.failed || (o.ok ? 0 : 1)), 0);
  console.log(`${passed} passed, ${failed} failed`);
}

function main(): number {
  const chromium = findChromium();
  if (!chromium) {
    console.error(`npm test needs Chromium for the browser tests and found none. ${CHROMIUM_INSTALL_HINT}`);
    return 1;
  }
  console.log(`Browser tests will use ${chromium}`);
  const nginx = findNginx();
  if (!nginx) {
    console.error(`npm test needs nginx for the deployment tests and found none. ${NGINX_INSTALL_HINT}`);
    return 1;
  }
  console.log(`Deployment tests will use ${nginx}`);
  const outcomes: Outcome[] = [];
  for (const stage of stages) {
    const outcome = run(stage);
    outcomes.push(outcome);
    if (!outcome.ok) {
      console.error(`\n${stage.name} failed: stopping here (the stages after it did not run).`);
      break;
    }
  }
  summarise(outcomes);
  return outcomes.every((o) => o.ok) ? 0 : 1;
}

try {
  process.exitCode = main();
} finally {
  rmSync(reportDir, { recursive: true, force: true });
}
