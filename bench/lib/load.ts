import autocannon, { type Result } from "autocannon";
import { cpuSeconds } from "./cpu-time.ts";

export interface LoadOptions {
  connections: number;
  /** Seconds of warm-up (not counted), then seconds measured. */
  warmup: number;
  duration: number;
  /** Request headers (the same Accept-Encoding on both sides). */
  headers?: Record<string, string>;
}

export interface Throughput {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  /** CPU seconds the serving process(es) used during the measured run; undefined off Linux. */
  cpuSeconds?: number;
}

/**
 * autocannon against `url`: a warm-up run, then the measured run; any error or non-2xx reply fails.
 * `pid` is the serving process, whose CPU time is taken over the measured run.
 */
export async function measureThroughput(url: string, pid: number, options: LoadOptions): Promise<Throughput> {
  checked(
    url,
    await autocannon({ url, connections: options.connections, duration: options.warmup, headers: options.headers }),
  );
  const cpuBefore = cpuSeconds(pid);
  const result = checked(
    url,
    await autocannon({ url, connections: options.connections, duration: options.duration, headers: options.headers }),
  );
  const cpuAfter = cpuSeconds(pid);
  return {
    requests: result.requests.total,
    seconds: result.duration,
    requestsPerSecond: result.requests.total / result.duration,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    cpuSeconds: cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined,
  };
}

function checked(url: string, result: Result): Result {
  if (result.errors > 0 || result.non2xx > 0 || result.requests.total === 0) {
    throw new Error(
      `${url}: ${result.errors} errors, ${result.non2xx} non-2xx replies, ${result.requests.total} requests`,
    );
  }
  return result;
}
