import { readFileSync } from "node:fs";
import { envNumber } from "./bench-main.ts";

/**
 * Waits, before a measured run, until the machine's 1-minute load average is under
 * BENCH_QUIET_LOAD (1.5 by default; others share these 2 cores), polling every 5 s for at most
 * BENCH_QUIET_WAIT seconds (180); then goes on all the same. Returns the load it started at, which a
 * bench prints beside its figures. Linux only: elsewhere it returns at once.
 */
export async function waitForQuietMachine(): Promise<number | undefined> {
  const threshold = Number(process.env.BENCH_QUIET_LOAD ?? 1.5);
  const deadline = Date.now() + envNumber("BENCH_QUIET_WAIT", 180) * 1000;
  for (;;) {
    const load = loadAverage();
    if (load === undefined || load < threshold || Date.now() >= deadline) return load;
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
}

function loadAverage(): number | undefined {
  try {
    return Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
  } catch {
    return undefined;
  }
}
