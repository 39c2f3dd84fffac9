import { appendFileSync } from "node:fs";
import { getHeapSpaceStatistics } from "node:v8";

/**
 * Preloaded into a server a bench starts (MemoryProbe in ./process-memory.ts): on SIGUSR2 it appends one JSON line with
 * the process's memory as V8 and Node see it to the file named by UTILAJE_MEMORY_PROBE. A bench thus learns what
 * an RSS figure is made of (JavaScript heap, buffers, the rest: native libraries and the allocator)
 * without pausing the server for a heap snapshot; /proc is read by the bench before the signal, so
 * the full collection done here for the live heap does not change the RSS figure of that reading.
 */
const file = process.env.UTILAJE_MEMORY_PROBE;
const collect = (globalThis as { gc?: () => void }).gc;
if (file) {
  process.on("SIGUSR2", () => {
    // Bytes, as Node reports them; the bench turns them into MB.
    const usage = process.memoryUsage();
    const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === "new_space");
    const line = {
      pid: process.pid,
      at: new Date().toISOString(),
      rss: usage.rss,
      heapTotal: usage.heapTotal,
      heapUsed: usage.heapUsed,
      newSpace: newSpace?.space_size ?? 0,
      external: usage.external,
      arrayBuffers: usage.arrayBuffers,
      // What survives a full collection (with --expose-gc): the live heap, the figure a leak grows.
      heapLive: collect ? (collect(), process.memoryUsage().heapUsed) : usage.heapUsed,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  });
}
