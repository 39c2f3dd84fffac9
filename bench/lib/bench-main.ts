import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * What every bench shares: exit codes (0 budgets met, 1 a budget missed, 2 could not run) and the
 * clean-up of what it started (servers, temporary directories), however it ends, Ctrl-C included.
 */

/** A prerequisite is missing on this machine (no build, no nginx): the bench says how to get it. */
export class Unavailable extends Error {}

type Step = () => Promise<void> | void;

export class Cleanup {
  private readonly steps: Step[] = [];

  add(step: Step): void {
    this.steps.push(step);
  }

  /** Undoes newest first; a failing step is reported and does not stop the others. */
  async run(): Promise<void> {
    for (let step = this.steps.pop(); step; step = this.steps.pop()) {
      try {
        await step();
      } catch (error) {
        console.error("clean-up step failed:", error);
      }
    }
  }

  /** A new temporary directory, removed at the end. */
  tempDir(prefix: string): string {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    this.add(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }
}

/** Runs a bench's main function (which returns its exit code), cleans up and exits. */
export async function runBench(main: (cleanup: Cleanup) => Promise<number>): Promise<never> {
  const cleanup = new Cleanup();
  const interrupt = () => {
    console.error("interrupted: stopping what the bench started");
    void cleanup.run().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);
  let code = 2;
  try {
    code = await main(cleanup);
  } catch (error) {
    console.error(error instanceof Unavailable ? `cannot run: ${error.message}` : error);
  } finally {
    await cleanup.run();
  }
  process.exit(code);
}

/** A positive whole number from the environment (a bench's knob), or the default. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, not ${raw}`);
  return value;
}
