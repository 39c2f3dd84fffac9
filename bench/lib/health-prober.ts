import { Worker } from "node:worker_threads";

/**
 * Calls a URL one request after the other from a worker thread, so that the measured latencies are
 * the server's and not this process's: a bench that sends 7 MB bodies from its own event loop
 * (string encoding, garbage collection) would otherwise delay its own probes.
 */

export interface Prober {
  /** Stops after the request in flight; the latency of every call, in milliseconds. */
  stop(): Promise<number[]>;
}

export function startProber(url: string): Prober {
  const worker = new Worker(new URL("./health-prober-worker.ts", import.meta.url), { workerData: { url } });
  const finished = new Promise<number[]>((resolve, reject) => {
    worker.once("message", (latencies: number[]) => resolve(latencies));
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the prober stopped (exit code ${code}) before reporting`)));
  });
  return {
    stop: () => {
      worker.postMessage("stop");
      return finished;
    },
  };
}
