import { spawn } from "node:child_process";
import { Unavailable } from "./bench-main.ts";
import { cpuSeconds } from "./cpu-time.ts";
import type { Throughput } from "./load.ts";

export interface WrkOptions {
  threads: number;
  connections: number;
  /** Seconds of warm-up (not counted), then seconds measured. */
  warmup: number;
  duration: number;
  headers: Record<string, string>;
  /** A Lua script of wrk's (`-s`): it may build each request itself (./uncached-pages.ts). */
  script?: string;
  /** Seconds a reply may take before wrk counts a timeout (its default: 2). */
  timeout?: number;
}

/**
 * wrk (the Debian package): a C load generator, several threads, far less CPU per request than
 * autocannon, so on 2 cores it saturates nginx where autocannon saturates itself first
 * (shared/MACHINE-NOTES.md). A warm-up run, then the measured one; any socket error or non-2xx
 * reply fails.
 */
export async function measureWithWrk(url: string, pid: number, options: WrkOptions): Promise<Throughput> {
  await runWrk(url, { ...options, duration: options.warmup });
  const cpuBefore = cpuSeconds(pid);
  const result = await runWrk(url, options);
  const cpuAfter = cpuSeconds(pid);
  return {
    ...result,
    cpuSeconds: cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined,
  };
}

async function runWrk(url: string, options: WrkOptions): Promise<Throughput> {
  const headerArgs = Object.entries(options.headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const scriptArgs = options.script ? ["-s", options.script] : [];
  const timeoutArgs = options.timeout === undefined ? [] : ["--timeout", `${options.timeout}s`];
  const args = [
    `-t${options.threads}`,
    `-c${options.connections}`,
    `-d${options.duration}s`,
    "--latency",
    ...timeoutArgs,
    ...headerArgs,
    ...scriptArgs,
    url,
  ];
  const child = spawn(process.env.BENCH_WRK ?? "wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", (error) =>
      reject(
        new Unavailable(
          `wrk could not run (${error.message}): install it with \`apt-get install -y wrk\`, or name it in BENCH_WRK`,
        ),
      ),
    );
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`wrk ${args.join(" ")} exited with ${code}:\n${output}`);
  const requests = Number(/(\d+) requests in ([\d.]+)(\w+)/.exec(output)?.[1]);
  const seconds = options.duration;
  if (/Socket errors|Non-2xx or 3xx responses/.test(output) || !requests)
    throw new Error(`${url}: wrk saw errors or no replies:\n${output}`);
  return {
    requests,
    seconds,
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]),
    latencyP50: milliseconds(/50%\s+([\d.]+)(us|ms|s)/.exec(output)),
    latencyP99: milliseconds(/99%\s+([\d.]+)(us|ms|s)/.exec(output)),
  };
}

function milliseconds(match: RegExpExecArray | null): number {
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
}
