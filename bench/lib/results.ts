import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * A bench's figures compared with their budgets (DESIGN.md § Budgets). Every bench writes them to
 * bench/results/<bench>.json (git-ignored), where bench/run.ts reads them for its summary table.
 */

export const RESULTS_DIR = path.resolve(import.meta.dirname, "..", "results");

export const figureSchema = z.object({
  name: z.string(),
  value: z.number(),
  unit: z.string(),
  budget: z.number(),
  /** "at-least": value ≥ budget passes; "below": value < budget passes; "at-most": value ≤ budget passes. */
  kind: z.enum(["at-least", "below", "at-most"]),
  /** How it was measured, in a few words (the raw figures behind a ratio, the sample size). */
  details: z.string().optional(),
});
export type Figure = z.infer<typeof figureSchema>;

export const resultsSchema = z.object({
  bench: z.string(),
  finishedAt: z.string(),
  figures: z.array(figureSchema),
});
export type Results = z.infer<typeof resultsSchema>;

export function resultsFile(bench: string): string {
  return path.join(RESULTS_DIR, `${bench}.json`);
}

export function passes(figure: Figure): boolean {
  if (figure.kind === "at-least") return figure.value >= figure.budget;
  if (figure.kind === "below") return figure.value < figure.budget;
  return figure.value <= figure.budget;
}

/**
 * The figure against its budget: as a multiple of it ("0.42 × budget"; above 1 is good for "at-least",
 * bad for the others), or, for a budget of 0, which no figure is a multiple of, how far from it the
 * figure is ("at budget", "3 requests above budget").
 */
export function versusBudget(figure: Figure): string {
  if (figure.budget !== 0) return `${round(figure.value / figure.budget)} × budget`;
  if (figure.value === 0) return "at budget";
  return `${round(Math.abs(figure.value))} ${figure.unit} ${figure.value > 0 ? "above" : "below"} budget`;
}

/** "≥ 50 %", "< 50 ms". */
export function budgetText(figure: Figure): string {
  const sign = figure.kind === "at-least" ? "≥" : figure.kind === "below" ? "<" : "≤";
  return `${sign} ${figure.budget} ${figure.unit}`;
}

export function describeFigure(figure: Figure): string {
  const verdict = passes(figure) ? "PASS" : "FAIL";
  const details = figure.details ? `\n  ${figure.details}` : "";
  return `${figure.name}: ${round(figure.value)} ${figure.unit} (budget ${budgetText(figure)}; ${versusBudget(figure)}) ${verdict}${details}`;
}

/** Writes the figures for bench/run.ts and returns the exit code: 0 when every budget is met, 1 otherwise. */
export function writeResults(bench: string, figures: Figure[]): number {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const results: Results = { bench, finishedAt: new Date().toISOString(), figures };
  writeFileSync(resultsFile(bench), `${JSON.stringify(results, null, 2)}\n`);
  for (const figure of figures) console.log(describeFigure(figure));
  return figures.every(passes) ? 0 : 1;
}

export function round(value: number): number {
  return Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100;
}
