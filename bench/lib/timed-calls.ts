import { cpuSeconds } from "./cpu-time.ts";

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
