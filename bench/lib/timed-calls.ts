import { cpuSeconds } from "./cpu-time.ts";
import { round } from "./results.ts";

/** Admin API calls one after the other, as a screen makes them: their latencies and the server's CPU per call. */

export interface Timed {
  latencies: number[];
  cpuMsPerCall: number | undefined;
}

export async function timedCalls(
  server: { url: string; pid: number },
  headers: Record<string, string>,
  path: (index: number) => string,
  calls: { warmup: number; measured: number },
): Promise<Timed> {
  for (let index = 0; index < calls.warmup; index += 1) await timedGet(server.url, path(index), headers);
  const cpuBefore = cpuSeconds(server.pid);
  const latencies: number[] = [];
  for (let index = 0; index < calls.measured; index += 1)
    latencies.push(await timedGet(server.url, path(index), headers));
  const cpuAfter = cpuSeconds(server.pid);
  return {
    latencies,
    cpuMsPerCall:
      cpuBefore !== undefined && cpuAfter !== undefined ? ((cpuAfter - cpuBefore) * 1000) / calls.measured : undefined,
  };
}

/** One GET, its body read whole; throws unless it answers 200. */
export async function timedGet(base: string, path: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, { headers });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return elapsed;
}

/** The `q` quantile (0 to 1) of the latencies: the smallest that at least that share of them does not pass. */
export function latencyAt(latencies: readonly number[], q: number): number {
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.ceil(q * sorted.length) - 1] ?? Number.NaN;
}

/** "p50 … ms, p99 … ms, max … ms; server CPU … ms per call", the quantiles asked. */
export function latencySummary({ latencies, cpuMsPerCall }: Timed, quantiles: readonly number[]): string {
  const shown = quantiles.map((q) => `p${Math.round(q * 100)} ${round(latencyAt(latencies, q))} ms`);
  const cpu = cpuMsPerCall === undefined ? "" : `; server CPU ${round(cpuMsPerCall)} ms per call`;
  return `${[...shown, `max ${round(latencyAt(latencies, 1))} ms`].join(", ")}${cpu}`;
}

/** Calls made rotating over `queries` (call i asks query i mod n): each query's median and slowest, one line each. */
export function logPerQuery(prefix: string, { latencies }: Timed, queries: readonly string[]): void {
  for (const [which, query] of queries.entries()) {
    const own = latencies.filter((_, index) => index % queries.length === which);
    console.log(
      `${prefix}${query || "(no filter)"}: p50 ${round(latencyAt(own, 0.5))} ms, max ${round(latencyAt(own, 1))} ms`,
    );
  }
}
