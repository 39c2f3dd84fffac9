import { spawn } from "node:child_process";
import { cpSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../server/db/database.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { runBench } from "./lib/bench-main.ts";
import { createLargeCatalogue } from "./lib/large-catalogue.ts";
import { requireProductionBuild, ROOT, startProductionServer, type ServerProcess } from "./lib/production-server.ts";
import { waitForQuietMachine } from "./lib/quiet-machine.ts";
import { round, writeResults, type Figure } from "./lib/results.ts";
import { rotatingRequestsScript } from "./lib/uncached-pages.ts";
import { measureWithWrk } from "./lib/wrk.ts";

/**
 * A visitor's cached pages while another client only causes cache misses (decision 054): the p99 of
 * /home (cached) for one wrk client alone, then while a second wrk loops over product pages the
 * cache cannot hold (a catalogue larger than it, as bench/uncached-render.ts), with the server's
 * default budget of renders (PAGE_RENDER_RATE_LIMIT). With `--baseline DIR` the same for another
 * checkout's build, interleaved.
 *
 *   node bench/miss-flood.ts [--baseline DIR] [--duration S]
 *
 * Budget: the visitor's p99 under the flood at most twice its p99 alone.
 */

const flags = parseArgs({
  options: { baseline: { type: "string" }, duration: { type: "string", default: "10" } },
}).values;
const ACCEPT = { "Accept-Encoding": "br, gzip" };
const VISITOR = { threads: 1, connections: 4 };

await runBench(async (cleanup) => {
  requireProductionBuild();
  const builds: [string, string][] = [["current", ROOT]];
  if (flags.baseline) builds.push(["baseline", path.resolve(flags.baseline)]);
  const dataDir = cleanup.tempDir("utilaje-bench-flood-");
  const database = openDatabase({ dataDir });
  let products: string[];
  try {
    await migrateToLatest(database.db);
    products = (await createLargeCatalogue(database.db, { products: 2000, categories: 20 })).productPaths;
  } finally {
    await database.close();
  }
  const flood = rotatingRequestsScript(cleanup.tempDir("utilaje-wrk-"), products, ACCEPT);
  const servers = new Map<string, ServerProcess>();
  for (const [name, root] of builds) {
    const copy = cleanup.tempDir(`utilaje-bench-flood-${name}-`);
    cpSync(dataDir, copy, { recursive: true });
    // The default budget of renders, as a site runs.
    servers.set(
      name,
      await startProductionServer(cleanup, {
        dataDir: copy,
        seedDemo: false,
        root,
        env: { PAGE_RENDER_RATE_LIMIT: "120" },
      }),
    );
  }
  const duration = Number(flags.duration);
  const figures: Figure[] = [];
  for (const [name] of builds) {
    const server = servers.get(name);
    if (!server) continue;
    const load = await waitForQuietMachine();
    const visitor = () =>
      measureWithWrk(`${server.url}/home`, server.pid, { ...VISITOR, warmup: 2, duration, headers: ACCEPT });
    const alone = await visitor();
    const flooding = floodFor(server.url, flood, duration + 4);
    const flooded = await visitor();
    const floodReplies = await flooding;
    const ratio = flooded.latencyP99 / alone.latencyP99;
    const details = `cached /home p99 ${round(alone.latencyP99)} ms alone, ${round(flooded.latencyP99)} ms under the flood (${round(alone.requestsPerSecond)} and ${round(flooded.requestsPerSecond)} req/s); the flooding client's replies: ${floodReplies}; load average before ${load === undefined ? "?" : round(load)}`;
    console.log(`miss-flood: ${name}: ${details}`);
    figures.push({
      name: `cached page p99 under a miss flood ÷ alone, ${name}`,
      value: round(ratio),
      unit: "×",
      budget: 2,
      kind: "at-most",
      details,
    });
  }
  return writeResults("miss-flood", figures);
});

/** wrk looping over `script`'s pages for `seconds`; its 429s are the point, so only its summary is kept. */
async function floodFor(url: string, script: string, seconds: number): Promise<string> {
  const child = spawn(process.env.BENCH_WRK ?? "wrk", ["-t1", "-c16", `-d${seconds}s`, "-s", script, url], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  await new Promise((resolve) => child.once("exit", resolve));
  const total = /(\d+) requests in/.exec(output)?.[1] ?? "?";
  const refused = /Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? "0";
  return `${total} requests, ${refused} of them refused (non-2xx)`;
}
