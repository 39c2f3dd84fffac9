import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import {
  budgetText,
  describeFigure,
  passes,
  resultsFile,
  resultsSchema,
  round,
  versusBudget,
  type Figure,
} from "./lib/results.ts";

/**
 * `npm run bench`: every bench of DESIGN.md § Budgets in turn, each in its own process (one at a
 * time, so that they do not load the machine for each other), then one table of their figures as
 * ratios to their budgets. Exits non-zero when a budget is missed or a bench could not run.
 */

const BENCHES = [
  "cached-page",
  "product-render",
  "spec-sheet",
  "spec-sheet-bounds",
  "spreadsheets",
  "page-weight",
  "admin-weight",
  "lighthouse",
  "healthz-under-ingest",
  "contact-reliability",
  "start-memory",
  "reset-timing",
  "lead-demand",
  "body-flood",
  "search",
  "availability",
  "planner",
  "activity-log",
  "rights-check",
  "nothing-lost",
  "nightly-backup",
  "offer-page",
];

interface Outcome {
  bench: string;
  exitCode: number | null;
  figures: Figure[];
}

const outcomes: Outcome[] = [];
for (const bench of BENCHES) {
  const file = path.join(import.meta.dirname, `${bench}.ts`);
  if (!existsSync(file)) {
    console.log(`\n== ${bench}: not written yet, skipped`);
    continue;
  }
  console.log(`\n== ${bench}`);
  rmSync(resultsFile(bench), { force: true });
  const exitCode = await new Promise<number | null>((resolve) => {
    spawn(process.execPath, [file], { stdio: "inherit" }).once("exit", (code) => resolve(code));
  });
  outcomes.push({ bench, exitCode, figures: readFigures(bench) });
}

console.log(
  "\n== Summary (figure ÷ budget: ≥ 1 passes an 'at least' budget, < 1 or ≤ 1 the others; a budget of 0 is compared by difference)\n",
);
const rows = outcomes.flatMap(({ bench, exitCode, figures }) =>
  figures.length > 0
    ? figures.map((figure) => [
        bench,
        figure.name,
        `${round(figure.value)} ${figure.unit}`,
        budgetText(figure),
        versusBudget(figure),
        passes(figure) ? "pass" : "FAIL",
      ])
    : [[bench, "(no figures)", "", "", "", exitCode === 2 ? "could not run" : `exit ${exitCode}`]],
);
printTable([["bench", "figure", "value", "budget", "against budget", "verdict"], ...rows]);
for (const figure of outcomes.flatMap((outcome) => outcome.figures)) console.log(`\n${describeFigure(figure)}`);

const failed = outcomes.some(({ exitCode, figures }) => exitCode !== 0 || !figures.every(passes));
process.exit(failed ? 1 : 0);

function readFigures(bench: string): Figure[] {
  try {
    return resultsSchema.parse(JSON.parse(readFileSync(resultsFile(bench), "utf8"))).figures;
  } catch {
    return [];
  }
}

function printTable(table: string[][]): void {
  const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
  for (const [index, row] of table.entries()) {
    console.log(
      row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join("  ")
        .trimEnd(),
    );
    if (index === 0) console.log(widths.map((width) => "-".repeat(width)).join("  "));
  }
}
