import { request as httpRequest } from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { envNumber, runBench } from "./lib/bench-main.ts";
import { measureThroughput, type Throughput } from "./lib/load.ts";
import { findNginx, startStaticNginx } from "./lib/nginx.ts";
import { requireProductionBuild, startProductionServer } from "./lib/production-server.ts";
import { waitForQuietMachine } from "./lib/quiet-machine.ts";
import { round, writeResults, type Figure } from "./lib/results.ts";
import { measureWithWrk } from "./lib/wrk.ts";

/**
 * DESIGN.md § Budgets: "a cached public page served at ≥ 50 % of the throughput of nginx serving the
 * same bytes statically, same run". The production server (demo catalogue) renders /home once, which
 * fills its page cache; nginx (BENCH_NGINX_WORKERS workers, default 2: one per core) then serves
 * exactly the bytes a browser gets, brotli-coded, as a file with the same Content-Type and
 * Content-Encoding. Two load generators, each against both servers in alternating order (A B B A …)
 * so that a drift of the machine's load favours neither: wrk (`-t2 -c64`, the ratio that counts:
 * it saturates nginx) and autocannon (one Node.js process, which saturates itself first on 2 cores,
 * reported beside it). With `--baseline DIR`, another checkout's build is served beside this one and
 * measured in the same rotation: its throughput and p99 against this one's, by wrk, are figures too
 * (decision 50: memory bounded without a loss of throughput).
 */

const PAGE = "/home";
const ACCEPT = { "Accept-Encoding": "br, gzip" };

/** What is measured: this build, nginx with the same bytes, and another checkout's build (--baseline). */
const TARGETS = ["server", "baseline", "nginx"] as const;
type Target = (typeof TARGETS)[number];

const { values: flags } = parseArgs({ options: { baseline: { type: "string" } } });

await runBench(async (cleanup) => {
  // Another checkout's build (a baseline, e.g. main before a change) when BENCH_SERVER_ROOT names it.
  const root = process.env.BENCH_SERVER_ROOT || undefined;
  const baselineRoot = flags.baseline ? path.resolve(flags.baseline) : undefined;
  requireProductionBuild(root);
  if (baselineRoot) requireProductionBuild(baselineRoot);
  const nginxBinary = findNginx();
  const warmup = envNumber("BENCH_WARMUP", 2);
  const duration = envNumber("BENCH_DURATION", 10);
  const rounds = envNumber("BENCH_ROUNDS", 2);
  const wrk = {
    threads: envNumber("BENCH_WRK_THREADS", 2),
    connections: envNumber("BENCH_WRK_CONNECTIONS", 64),
    warmup,
    duration,
    headers: ACCEPT,
  };
  const autocannon = { connections: envNumber("BENCH_CONNECTIONS", 50), warmup, duration, headers: ACCEPT };

  console.log("cached-page: starting the production server with the demo catalogue…");
  const server = await startProductionServer(cleanup, {
    dataDir: cleanup.tempDir("utilaje-bench-data-"),
    seedDemo: true,
    root,
  });
  const serverUrl = `${server.url}${PAGE}`;
  const page = await cachedPage(serverUrl);

  const nginx = await startStaticNginx(cleanup, {
    binary: nginxBinary,
    dir: cleanup.tempDir("utilaje-bench-nginx-"),
    urlPath: PAGE,
    contentType: page.contentType,
    contentEncoding: page.contentEncoding,
    body: page.body,
    workers: envNumber("BENCH_NGINX_WORKERS", 2),
  });
  const fromNginx = await rawGet(nginx.url);
  if (!sameBytes(fromNginx.body, page.body) || fromNginx.contentEncoding !== page.contentEncoding) {
    throw new Error("nginx does not serve the bytes the server sends");
  }

  console.log(
    `cached-page: ${PAGE} is ${page.body.byteLength} bytes (${page.contentEncoding ?? "identity"}); ${rounds} rounds, ${warmup} s warm-up + ${duration} s each; ` +
      `wrk -t${wrk.threads} -c${wrk.connections}, autocannon -c${autocannon.connections}`,
  );
  const targets: Partial<Record<Target, { url: string; pid: number }>> = {
    server: { url: serverUrl, pid: server.pid },
    nginx,
  };
  if (baselineRoot) {
    const baseline = await startProductionServer(cleanup, {
      dataDir: cleanup.tempDir("utilaje-bench-data-"),
      seedDemo: true,
      root: baselineRoot,
    });
    await cachedPage(`${baseline.url}${PAGE}`);
    targets.baseline = { url: `${baseline.url}${PAGE}`, pid: baseline.pid };
  }
  const tools = {
    wrk: (target: { url: string; pid: number }) => measureWithWrk(target.url, target.pid, wrk),
    autocannon: (target: { url: string; pid: number }) => measureThroughput(target.url, target.pid, autocannon),
  };
  const totals = { wrk: emptyTotals(), autocannon: emptyTotals() };
  const names = TARGETS.filter((name) => targets[name]);
  for (let roundIndex = 0; roundIndex < rounds; roundIndex++) {
    const load = await waitForQuietMachine();
    console.log(`  round ${roundIndex + 1}: load average ${load === undefined ? "unknown" : round(load)} before it`);
    const order = roundIndex % 2 === 0 ? names : names.toReversed();
    for (const tool of ["wrk", "autocannon"] as const) {
      for (const name of order) {
        const target = targets[name];
        if (!target) continue;
        const measured = await tools[tool](target);
        add(totals[tool][name], measured);
        console.log(
          `  round ${roundIndex + 1} ${tool.padEnd(10)} ${name.padEnd(8)} ${round(measured.requestsPerSecond)} req/s, latency p50 ${round(measured.latencyP50)} ms, p99 ${round(measured.latencyP99)} ms${cpuText(measured)}`,
        );
      }
    }
  }
  const figures: Figure[] = (["wrk", "autocannon"] as const).map((tool) => {
    const { server: ours, nginx: theirs } = totals[tool];
    const serverRate = ours.requests / ours.seconds;
    const nginxRate = theirs.requests / theirs.seconds;
    const summary = `server ${round(serverRate)} req/s${cpuText(ours)}, nginx ${round(nginxRate)} req/s${cpuText(theirs)}`;
    console.log(`cached-page (${tool}): ${summary}, ratio ${round(serverRate / nginxRate)}`);
    return {
      name: `cached ${PAGE}: server throughput ÷ nginx's (${tool})`,
      value: (serverRate / nginxRate) * 100,
      unit: "%",
      budget: 50,
      kind: "at-least" as const,
      details: `${summary}; ${page.body.byteLength} B ${page.contentEncoding ?? "identity"} page, ${rounds} × ${duration} s each`,
    };
  });
  if (baselineRoot) {
    const { server: ours, baseline: theirs } = totals.wrk;
    const rate = (total: Total) => total.requests / total.seconds;
    const p99 = (total: Total) => total.p99Sum / total.runs;
    figures.push(
      {
        name: `cached ${PAGE}: server throughput, current ÷ baseline (wrk)`,
        value: round(rate(ours) / rate(theirs)),
        unit: "×",
        budget: 1,
        kind: "at-least",
        details: `${round(rate(ours))} against ${round(rate(theirs))} req/s (baseline ${baselineRoot}; ÷ nginx: ${round(rate(theirs) / rate(totals.wrk.nginx))})`,
      },
      {
        name: `cached ${PAGE}: p99 latency, current ÷ baseline (wrk)`,
        value: round(p99(ours) / p99(theirs)),
        unit: "×",
        budget: 1,
        kind: "at-most",
        details: `${round(p99(ours))} against ${round(p99(theirs))} ms, mean of ${rounds} runs each`,
      },
    );
  }
  return writeResults("cached-page", figures);
});

interface Total {
  requests: number;
  seconds: number;
  cpuSeconds?: number;
  runs: number;
  p99Sum: number;
}

function emptyTotals(): Record<Target, Total> {
  const empty = (): Total => ({ requests: 0, seconds: 0, cpuSeconds: 0, runs: 0, p99Sum: 0 });
  return { server: empty(), baseline: empty(), nginx: empty() };
}

function add(total: Total, measured: Throughput): void {
  total.requests += measured.requests;
  total.seconds += measured.seconds;
  total.cpuSeconds =
    total.cpuSeconds === undefined || measured.cpuSeconds === undefined
      ? undefined
      : total.cpuSeconds + measured.cpuSeconds;
  total.runs += 1;
  total.p99Sum += measured.latencyP99;
}

/** The CPU each request cost the serving processes: on a busy machine, the steadier figure. */
function cpuText({ requests, cpuSeconds }: Pick<Total, "requests" | "cpuSeconds">): string {
  return cpuSeconds === undefined ? "" : ` (${round((cpuSeconds / requests) * 1e6)} µs CPU per request)`;
}

interface RawReply {
  status: number;
  body: Uint8Array;
  contentType: string;
  contentEncoding?: string;
  etag?: string;
}

/** A GET as a browser sends it (Accept-Encoding), the bytes as they come (fetch would decode them). */
function rawGet(url: string): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers: ACCEPT }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          body: new Uint8Array(Buffer.concat(chunks)),
          contentType: response.headers["content-type"] ?? "text/html; charset=utf-8",
          contentEncoding: response.headers["content-encoding"],
          etag: response.headers.etag,
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

/** The page as the server's cache serves it: two requests must give the same ETag and bytes. */
async function cachedPage(url: string): Promise<RawReply> {
  const [first, second] = [await rawGet(url), await rawGet(url)];
  if (first.status !== 200 || second.status !== 200)
    throw new Error(`${url} answered ${first.status}, then ${second.status}`);
  if (!first.etag || first.etag !== second.etag || !sameBytes(first.body, second.body)) {
    throw new Error(`${url} is not served from the page cache (no ETag, or a different page each time)`);
  }
  return first;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a).equals(Buffer.from(b));
}
