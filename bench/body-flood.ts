import http from "node:http";
import { setTimeout } from "node:timers/promises";
import { parseArgs } from "node:util";
import { envNumber, runBench, type Cleanup } from "./lib/bench-main.ts";
import { processMemory } from "./lib/process-memory.ts";
import { ROOT, requireProductionBuild, startProductionServer } from "./lib/production-server.ts";
import { round, writeResults, type Figure } from "./lib/results.ts";

/**
 * Large chunked bodies against calls that take a small body or none (decision 053): 4, then 8,
 * concurrent bodies of BENCH_FLOOD_MB (default 68) MB without Content-Length, against /api/contact,
 * /api/login, an admin call without a token and an unknown /api path, each in turn. The server's
 * resident memory (VmRSS) is sampled every 20 ms; the figure is its highest rise over where it stood
 * before the first flood (budget +20 MB). `--baseline DIR`: the same on another checkout's build,
 * reported beside it (main before decision 053 read such bodies whole: +350 MB and more).
 */

const TARGETS = [
  ["POST", "/api/contact"],
  ["POST", "/api/login"],
  ["POST", "/api/category/create"],
  ["POST", "/api/nothing-here"],
] as const;

const CHUNK = Buffer.alloc(64 * 1024, "a");

/** One body of `bytes`, chunked, written with back-pressure; resolves with the status, or how it ended without one. */
function flood(url: string, method: string, path: string, bytes: number): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    let sent = 0;
    let status = "no reply";
    const request = http.request({
      hostname,
      port,
      path,
      method,
      headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
      agent: false,
    });
    const write = (): void => {
      while (!request.destroyed && sent < bytes) {
        sent += CHUNK.length;
        if (!request.write(CHUNK)) return void request.once("drain", write);
      }
      if (!request.destroyed) request.end();
    };
    request.on("response", (response) => {
      status = String(response.statusCode);
      response.resume();
      response.on("end", () => request.destroy());
    });
    // The server may close the connection once it has answered and discarded enough.
    request.on("error", () => undefined);
    request.on("close", () => resolve(status));
    write();
  });
}

interface Case {
  target: string;
  concurrency: number;
  statuses: string[];
  /** MB above the server's memory before the first flood, at the highest sample of this case. */
  rise: number;
}

async function measure(cleanup: Cleanup, root: string, megabytes: number): Promise<{ start: number; cases: Case[] }> {
  requireProductionBuild(root);
  const server = await startProductionServer(cleanup, {
    dataDir: cleanup.tempDir("utilaje-bench-flood-"),
    seedDemo: false,
    root,
  });
  // Every path answered once, small, so that what is loaded lazily is loaded before the start is read.
  for (const [method, path] of TARGETS)
    await fetch(`${server.url}${path}`, { method, headers: { "Content-Type": "application/json" }, body: "{}" }).then(
      (reply) => reply.arrayBuffer(),
    );
  await setTimeout(500);
  const start = processMemory(server.pid).rss;
  const cases: Case[] = [];
  for (const concurrency of [4, 8]) {
    for (const [method, path] of TARGETS) {
      let peak = processMemory(server.pid).rss;
      let flooding = true;
      const sampler = (async () => {
        while (flooding) {
          peak = Math.max(peak, processMemory(server.pid).rss);
          await setTimeout(20);
        }
      })();
      const statuses = await Promise.all(
        Array.from({ length: concurrency }, () => flood(server.url, method, path, megabytes * 1024 * 1024)),
      );
      flooding = false;
      await sampler;
      const rise = round(peak - start);
      cases.push({ target: `${method} ${path}`, concurrency, statuses: [...new Set(statuses)], rise });
    }
  }
  await server.stop();
  return { start, cases };
}

await runBench(async (cleanup) => {
  const { values } = parseArgs({ options: { baseline: { type: "string" } } });
  const megabytes = envNumber("BENCH_FLOOD_MB", 68);
  const builds: [string, string][] = [
    ["current", ROOT],
    ...(values.baseline ? [["baseline", values.baseline] as [string, string]] : []),
  ];
  const highest: Record<string, number> = {};
  for (const [label, root] of builds) {
    const { start, cases } = await measure(cleanup, root, megabytes);
    console.log(`${label}: ${round(start)} MB before the floods`);
    for (const { target, concurrency, statuses, rise } of cases)
      console.log(
        `  ${concurrency} × ${megabytes} MB chunked to ${target}: replies ${statuses.join(", ")}; highest RSS +${rise} MB`,
      );
    highest[label] = Math.max(...cases.map((one) => one.rise));
  }
  const figures: Figure[] = [
    {
      name: `RSS rise under 4 and 8 concurrent ${megabytes} MB chunked bodies`,
      value: highest.current,
      unit: "MB",
      budget: 20,
      kind: "at-most",
      details: `4 calls (contact, login, admin without token, unknown path)${highest.baseline === undefined ? "" : `; baseline +${highest.baseline} MB`}`,
    },
  ];
  return writeResults("body-flood", figures);
});
