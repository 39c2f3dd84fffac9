import { parentPort, workerData } from "node:worker_threads";

/** The thread of ./health-prober.ts: probes until told to stop, then reports every latency. */
const { url } = workerData as { url: string };
let probing = true;
parentPort?.once("message", () => (probing = false));

const latencies: number[] = [];
while (probing) {
  const sent = performance.now();
  const reply = await fetch(url);
  await reply.arrayBuffer();
  latencies.push(performance.now() - sent);
}
parentPort?.postMessage(latencies);
