import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { DEPLOYMENT_ENV, startDeployment, startInstance, unitEnvironment } from "../tests/helpers/deployment.ts";
import { startEmbeddedPostgres } from "../tests/helpers/embedded-postgres.ts";
import { freePort } from "../tests/helpers/free-port.ts";
import { startSmtpServer, type TestSmtpServer } from "../tests/helpers/smtp.ts";
import { Cleanup, runBench } from "./lib/bench-main.ts";
import { GROUPS, runMixedTraffic, type TrafficResult } from "./lib/mixed-traffic.ts";
import { MemoryProbe, processMemory, type HeapBreakdown, type ProcessMemory } from "./lib/process-memory.ts";
import { requireProductionBuild } from "./lib/production-server.ts";
import { round, writeResults, type Figure } from "./lib/results.ts";
import { createTempPostgresDatabase } from "./lib/temp-database.ts";

/**
 * The soak: mixed traffic (public pages, API reads, admin writes, contact submissions) at
 * c=50 against one instance, then against two behind nginx (the shape of docs/operations.md), each
 * on its own PostgreSQL database with the demo catalogue and an SMTP server that takes every mail.
 * Reports requests served, errors (goal 0), p50/p99 per route group, the instances' resident memory
 * right after the start, after a warm-up and at the end (growth goal < 10 % from the warm-up's end),
 * with what it is made of (./lib/memory-probe.ts), and whether every accepted contact request was
 * mailed exactly once.
 *
 *   node bench/soak.ts [--duration SECONDS] [--warmup SECONDS] [--connections N] [--shape one|two|both]
 *
 * The duration (default 600) is that of each shape's measured run; the warm-up (default 120 s: the
 * V8 heap and the allocator take about a minute of this mix to reach their working size) comes
 * first, with the same traffic, and is not counted.
 */

const { values: flags } = parseArgs({
  options: {
    duration: { type: "string", default: "600" },
    warmup: { type: "string", default: "120" },
    connections: { type: "string", default: "50" },
    shape: { type: "string", default: "both" },
  },
});
const duration = positive("duration", flags.duration);
const warmup = positive("warmup", flags.warmup);
const connections = positive("connections", flags.connections);
if (!["one", "two", "both"].includes(flags.shape)) throw new Error("--shape is one, two or both");
const shapes = flags.shape === "both" ? (["one", "two"] as const) : ([flags.shape] as ["one" | "two"]);

function positive(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number, not ${raw}`);
  return value;
}

/** Resident memory of a process in MB. */
const rssMb = (pid: number) => processMemory(pid).rss;

type Memory = ProcessMemory & HeapBreakdown;

interface ShapeOutcome {
  shape: "one" | "two";
  traffic: TrafficResult;
  /** Per instance: right after the start, after the warm-up, at the end. */
  started: Memory[];
  warm: Memory[];
  ended: Memory[];
  /** The instances' RSS about once a minute of the measured run. */
  minutes: number[][];
  mailed: {
    accepted: number;
    deliveredOnce: number;
    queued: number;
    missing: number;
    duplicated: number;
    drainRate: number;
  };
}

async function soak(cleanup: Cleanup, shape: "one" | "two", postgresAdminUrl: string): Promise<ShapeOutcome> {
  const databaseUrl = await createTempPostgresDatabase(cleanup, `${postgresAdminUrl}/postgres`);
  const smtp = await startSmtpServer();
  cleanup.add(() => smtp.close());
  const probe = new MemoryProbe(path.join(cleanup.tempDir("utilaje-soak-memory-"), "probe.jsonl"));
  const env = {
    ...DEPLOYMENT_ENV,
    ...probe.env,
    SEED_DEMO: "true",
    SMTP_URL: smtp.url,
    // As the other benches: request logs would cost the instances and this process their writing and reading.
    LOG_LEVEL: "warn",
  };
  let url: string;
  let pids: number[];
  if (shape === "one") {
    const port = await freePort();
    const instance = await startInstance(port, {
      ...unitEnvironment(port, cleanup.tempDir("utilaje-soak-state-")),
      ...env,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    cleanup.add(async () => void (await instance.stop()));
    url = instance.url;
    pids = [instance.pid];
  } else {
    const deployment = await startDeployment(databaseUrl, env);
    cleanup.add(() => deployment.stop());
    url = deployment.url;
    pids = deployment.instances.map((instance) => instance.pid);
  }

  const read = () => Promise.all(pids.map((pid) => probe.read(pid)));
  const started = await read();
  console.log(`soak (${shape}): ${url}, RSS ${rssText(started)} MB after the start; warm-up ${warmup} s…`);
  const warming = await runMixedTraffic({ url, connections, seconds: warmup });
  const warm = await read();
  console.log(`soak (${shape}): ${connections} connections for ${duration} s; RSS ${rssText(warm)} MB`);
  const minutes: number[][] = [];
  let minute = 0;
  const traffic = await runMixedTraffic({
    url,
    connections,
    seconds: duration,
    onTick: (elapsed) => {
      if (elapsed < (minute + 1) * 60) return;
      minute++;
      minutes.push(pids.map(rssMb));
      console.log(`  ${minute} min, RSS ${minutes[minutes.length - 1].map((mb) => round(mb)).join(" + ")} MB`);
    },
  });
  const ended = await read();
  const mailed = await deliveries(databaseUrl, smtp, [...warming.contactMarkers, ...traffic.contactMarkers]);
  return { shape, traffic, started, warm, ended, minutes, mailed };
}

/**
 * Waits (at most 2 minutes) for the outbox to be empty, then counts each accepted request's mails.
 * A request whose row is still in the outbox then is `queued` (the senders had not reached it),
 * not `missing`: missing means accepted, never mailed and no longer waiting to be.
 */
async function deliveries(
  databaseUrl: string,
  smtp: TestSmtpServer,
  markers: string[],
): Promise<ShapeOutcome["mailed"]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const queued = new Set<string>();
  const started = performance.now();
  const receivedBefore = smtp.received.length;
  try {
    const deadline = Date.now() + 120_000;
    const unsent = async () =>
      Number(
        (await client.query<{ count: string }>("select count(*) from mail_outbox where sent_at is null")).rows[0].count,
      );
    while ((await unsent()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    const { rows } = await client.query<{ text_body: string }>(
      "select text_body from mail_outbox where sent_at is null",
    );
    for (const row of rows) queued.add(/soak-[0-9a-f-]{36}/.exec(row.text_body)?.[0] ?? "");
  } finally {
    await client.end();
  }
  const drainRate = (smtp.received.length - receivedBefore) / ((performance.now() - started) / 1000);
  const counts = new Map<string, number>();
  for (const mail of smtp.received) {
    const marker = /soak-[0-9a-f-]{36}/.exec(mail.text)?.[0];
    if (marker) counts.set(marker, (counts.get(marker) ?? 0) + 1);
  }
  const per = markers.map((marker) => ({ sent: counts.get(marker) ?? 0, queued: queued.has(marker) }));
  return {
    accepted: markers.length,
    deliveredOnce: per.filter((one) => one.sent === 1).length,
    queued: per.filter((one) => one.sent === 0 && one.queued).length,
    missing: per.filter((one) => one.sent === 0 && !one.queued).length,
    duplicated: per.filter((one) => one.sent > 1).length,
    drainRate,
  };
}

function rssText(memories: readonly ProcessMemory[]): string {
  return memories.map((memory) => round(memory.rss)).join(" + ");
}

const total = (memories: readonly Memory[], pick: (memory: Memory) => number) =>
  memories.reduce((sum, memory) => sum + pick(memory), 0);

/**
 * Where the memory is, summed over the instances: what V8 and Node hold, and the rest (native
 * libraries, the allocator).
 */
function breakdown(memories: readonly Memory[]): string {
  const part = (pick: (memory: Memory) => number) => round(total(memories, pick));
  return `RSS ${part((m) => m.rss)} MB = files ${part((m) => m.file)} + JS heap ${part((m) => m.heapTotal)} (young generation ${part((m) => m.newSpace)}, used ${part((m) => m.heapUsed)}, alive ${part((m) => m.heapLive)}) + external ${part((m) => m.external)} + the rest ${part((m) => m.anon - m.heapTotal - m.external)}`;
}

function report(outcome: ShapeOutcome): Figure[] {
  const { shape, traffic, started, warm, ended, minutes, mailed } = outcome;
  const name = shape === "one" ? "one instance" : "two instances behind nginx";
  console.log(
    `\n${name}: ${traffic.requests} requests in ${round(traffic.seconds)} s (${round(traffic.requests / traffic.seconds)} req/s), ${traffic.errors} errors`,
  );
  for (const group of GROUPS) {
    const figures = traffic.groups[group];
    console.log(
      `  ${group.padEnd(13)} ${String(figures.requests).padStart(8)} requests, ${figures.errors} errors, p50 ${round(figures.p50)} ms, p99 ${round(figures.p99)} ms`,
    );
  }
  for (const sample of traffic.errorSamples) console.log(`  error: ${sample}`);
  const start = total(warm, (memory) => memory.rss);
  const end = total(ended, (memory) => memory.rss);
  console.log(
    `  RSS ${rssText(started)} MB after the start, ${rssText(warm)} MB after the ${warmup} s warm-up, ${rssText(ended)} MB at the end`,
  );
  console.log(`  RSS once a minute: ${minutes.map((sample) => sample.map((mb) => round(mb)).join("+")).join(", ")}`);
  for (const [when, memories] of [
    ["start", started],
    ["warm", warm],
    ["end", ended],
  ] as const)
    console.log(`  ${when.padEnd(5)} ${breakdown(memories)}`);
  console.log(
    `  contact: ${mailed.accepted} accepted, ${mailed.deliveredOnce} mailed once, ${mailed.duplicated} mailed twice or more, ${mailed.missing} lost, ${mailed.queued} still queued 2 min after the load (the outbox sent ${round(mailed.drainRate)} mails/s meanwhile)`,
  );
  const groups = GROUPS.map(
    (group) => `${group} p50 ${round(traffic.groups[group].p50)} / p99 ${round(traffic.groups[group].p99)} ms`,
  ).join("; ");
  return [
    {
      name: `${name}: errors`,
      value: traffic.errors,
      unit: "errors",
      budget: 0,
      kind: "at-most",
      details: `${traffic.requests} requests in ${round(traffic.seconds)} s at c=${connections}; ${groups}`,
    },
    {
      name: `${name}: RSS growth`,
      value: ((end - start) / start) * 100,
      unit: "%",
      budget: 10,
      kind: "below",
      details: `${round(total(started, (memory) => memory.rss))} MB after the start, ${round(start)} MB after the ${warmup} s warm-up → ${round(end)} MB at the end; at the end ${breakdown(ended)}`,
    },
    {
      name: `${name}: contact requests lost or mailed twice`,
      value: mailed.missing + mailed.duplicated,
      unit: "requests",
      budget: 0,
      kind: "at-most",
      details: `${mailed.accepted} accepted, ${mailed.deliveredOnce} mailed once, ${mailed.queued} still queued after 2 min (not counted), outbox ${round(mailed.drainRate)} mails/s`,
    },
  ];
}

await runBench(async (cleanup) => {
  requireProductionBuild();
  const cluster = await startEmbeddedPostgres();
  cleanup.add(() => cluster.stop());
  const figures: Figure[] = [];
  for (const shape of shapes) {
    // Each shape's servers are stopped before the next starts: they must not share the machine.
    const shapeCleanup = new Cleanup();
    cleanup.add(() => shapeCleanup.run());
    try {
      figures.push(...report(await soak(shapeCleanup, shape, cluster.adminUrl)));
    } finally {
      await shapeCleanup.run();
    }
  }
  console.log("");
  return writeResults("soak", figures);
});
