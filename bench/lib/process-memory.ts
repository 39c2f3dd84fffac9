import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** A process's resident memory in MB (Linux /proc): all of it, and its anonymous and file-backed parts. */
export interface ProcessMemory {
  /** VmRSS: what the soak's growth goal and `ps` speak of. */
  rss: number;
  /** RssAnon: the process's own memory (JavaScript heap, malloc, buffers). */
  anon: number;
  /** RssFile: mapped files (the node binary, libvips and other libraries), shared with other processes. */
  file: number;
}

export function processMemory(pid: number): ProcessMemory {
  const status = readFileSync(path.join("/proc", String(pid), "status"), "utf8");
  const mb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) / 1024;
  return { rss: mb("VmRSS"), anon: mb("RssAnon"), file: mb("RssFile") };
}

/** What V8 and Node say a process's memory is made of, in MB (./memory-probe.ts). */
export interface HeapBreakdown {
  /** The JavaScript heap V8 has committed, its young generation (new space) included. */
  heapTotal: number;
  heapUsed: number;
  /** heapUsed after a full collection: what is alive. */
  heapLive: number;
  newSpace: number;
  /** Memory of buffers and other objects outside the heap that JavaScript holds. */
  external: number;
  arrayBuffers: number;
}

const PROBE = path.join(import.meta.dirname, "memory-probe.ts");

/**
 * The breakdown of servers a bench starts: give them `env` (it preloads ./memory-probe.ts), then
 * `read(pid)` signals one and returns what it wrote, beside its /proc figures.
 */
export class MemoryProbe {
  readonly env: Record<string, string>;
  private readonly file: string;

  /** `file`: where the probes write (a new file in a temporary directory). */
  constructor(file: string) {
    this.file = file;
    // Added to the caller's NODE_OPTIONS (a flag being tried, e.g. --max-semi-space-size), not instead
    // of them; --expose-gc lets the probe measure the live heap.
    const options = [process.env.NODE_OPTIONS, "--expose-gc", `--import=${PROBE}`].filter(Boolean).join(" ");
    this.env = { NODE_OPTIONS: options, UTILAJE_MEMORY_PROBE: file };
  }

  async read(pid: number): Promise<ProcessMemory & HeapBreakdown> {
    const memory = processMemory(pid);
    const before = this.lines(pid).length;
    process.kill(pid, "SIGUSR2");
    const deadline = Date.now() + 5000;
    for (;;) {
      const lines = this.lines(pid);
      if (lines.length > before) return { ...memory, ...lines[lines.length - 1] };
      if (Date.now() > deadline)
        throw new Error(`process ${pid} did not report its memory within 5 s (is ${PROBE} preloaded?)`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private lines(pid: number): HeapBreakdown[] {
    if (!existsSync(this.file)) return [];
    const mb = (bytes: number) => bytes / 2 ** 20;
    return readFileSync(this.file, "utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as { pid: number } & HeapBreakdown)
      .filter((line) => line.pid === pid)
      .map((line) => ({
        heapTotal: mb(line.heapTotal),
        heapUsed: mb(line.heapUsed),
        heapLive: mb(line.heapLive),
        newSpace: mb(line.newSpace),
        external: mb(line.external),
        arrayBuffers: mb(line.arrayBuffers),
      }));
  }
}
