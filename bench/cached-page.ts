import { envNumber, runBench } from "./lib/bench-main.ts";
import { measureThroughput, type LoadOptions } from "./lib/load.ts";
import { findNginx, startStaticNginx } from "./lib/nginx.ts";
import { requireProductionBuild, startProductionServer } from "./lib/production-server.ts";
import { round, writeResults } from "./lib/results.ts";

/**
 * DESIGN.md § Budgets: "a cached public page served at ≥ 50 % of the throughput of nginx serving the
 * same bytes statically, same run". The production server (demo catalogue) renders /home once, which
 * fills its page cache; nginx then serves exactly those bytes as a file. autocannon loads both with
 * the same connections and duration, in alternating order (A B B A …) so that a drift of the
 * machine's load does not favour one of them.
 */

const PAGE = "/home";

await runBench(async (cleanup) => {
  requireProductionBuild();
  const nginxBinary = findNginx();
  const load: LoadOptions = {
    connections: envNumber("BENCH_CONNECTIONS", 50),
    warmup: envNumber("BENCH_WARMUP", 2),
    duration: envNumber("BENCH_DURATION", 10),
  };
  const rounds = envNumber("BENCH_ROUNDS", 2);

  console.log("cached-page: starting the production server with the demo catalogue…");
  const server = await startProductionServer(cleanup, { dataDir: cleanup.tempDir("utilaje-bench-data-"), seedDemo: true });
  const serverUrl = `${server.url}${PAGE}`;
  const page = await cachedPage(serverUrl);

  const nginx = await startStaticNginx(cleanup, {
    binary: nginxBinary,
    dir: cleanup.tempDir("utilaje-bench-nginx-"),
    urlPath: PAGE,
    contentType: page.contentType,
    body: page.body,
  });
  const fromNginx = new Uint8Array(await (await fetch(nginx.url)).arrayBuffer());
  if (!sameBytes(fromNginx, page.body)) throw new Error("nginx does not serve the bytes the server rendered");

  console.log(`cached-page: ${PAGE} is ${page.body.byteLength} bytes; ${rounds} rounds of ${load.connections} connections, ${load.warmup} s warm-up + ${load.duration} s each`);
  const targets = { server: { url: serverUrl, pid: server.pid }, nginx: nginx };
  const totals = { server: emptyTotal(), nginx: emptyTotal() };
  for (let roundIndex = 0; roundIndex < rounds; roundIndex++) {
    const order = roundIndex % 2 === 0 ? (["server", "nginx"] as const) : (["nginx", "server"] as const);
    for (const name of order) {
      const measured = await measureThroughput(targets[name].url, targets[name].pid, load);
      const total = totals[name];
      total.requests += measured.requests;
      total.seconds += measured.seconds;
      total.cpuSeconds = total.cpuSeconds === undefined || measured.cpuSeconds === undefined ? undefined : total.cpuSeconds + measured.cpuSeconds;
      console.log(
        `  round ${roundIndex + 1} ${name.padEnd(6)} ${round(measured.requestsPerSecond)} req/s, latency p50 ${measured.latencyP50} ms, p99 ${measured.latencyP99} ms${cpuText(measured)}`,
      );
    }
  }
  const serverRate = totals.server.requests / totals.server.seconds;
  const nginxRate = totals.nginx.requests / totals.nginx.seconds;
  const summary = `server ${round(serverRate)} req/s${cpuText(totals.server)}, nginx ${round(nginxRate)} req/s${cpuText(totals.nginx)}`;
  console.log(`cached-page: ${summary}`);
  return writeResults("cached-page", [
    {
      name: `cached ${PAGE}: server throughput ÷ nginx's`,
      value: (serverRate / nginxRate) * 100,
      unit: "%",
      budget: 50,
      kind: "at-least",
      details: `${summary}; ${page.body.byteLength} B page, ${load.connections} connections, ${rounds} × ${load.duration} s each`,
    },
  ]);
});

interface Total {
  requests: number;
  seconds: number;
  cpuSeconds?: number;
}

function emptyTotal(): Total {
  return { requests: 0, seconds: 0, cpuSeconds: 0 };
}

/** The CPU each request cost the serving processes: on a busy machine, the steadier figure. */
function cpuText({ requests, cpuSeconds }: Total): string {
  return cpuSeconds === undefined ? "" : ` (${round((cpuSeconds / requests) * 1e6)} µs CPU per request)`;
}

/** The page as the server's cache serves it: two fetches must give the same ETag and bytes. */
async function cachedPage(url: string): Promise<{ body: Uint8Array; contentType: string }> {
  const [first, second] = [await fetch(url), await fetch(url)];
  const bodies = [new Uint8Array(await first.arrayBuffer()), new Uint8Array(await second.arrayBuffer())];
  if (first.status !== 200 || second.status !== 200) throw new Error(`${url} answered ${first.status}, then ${second.status}`);
  const etag = first.headers.get("ETag");
  if (!etag || etag !== second.headers.get("ETag") || !sameBytes(bodies[0], bodies[1])) {
    throw new Error(`${url} is not served from the page cache (no ETag, or a different page each time)`);
  }
  return { body: bodies[0], contentType: first.headers.get("Content-Type") ?? "text/html; charset=utf-8" };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a).equals(Buffer.from(b));
}
