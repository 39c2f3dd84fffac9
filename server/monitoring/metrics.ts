import { createHash, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { lastGoodBackupRun } from "../db/repositories/backup-runs.ts";
import { outboxState, type OutboxState } from "../db/repositories/outbox-state.ts";
import type { Database } from "../db/schema.ts";
import type { WorkPoolReading } from "../work/work-pool.ts";
import type { HourlyCounts } from "../core/hourly-counts.ts";

/** What the page renderer tells of itself: its cache's hits and misses, renders at work and waiting. */
export interface PageStats {
  cacheHits: number;
  cacheMisses: number;
  rendersRunning: number;
  rendersWaiting: number;
}

export interface MetricsSources {
  db: Kysely<Database>;
  pools: Record<string, WorkPoolReading>;
  counts: { errors: HourlyCounts; rateLimitHits: HourlyCounts };
  pages?: () => PageStats;
}

export interface Metrics {
  /** Called for every reply the process sends, by its path's group. */
  observe(path: string, status: number, seconds: number): void;
  /** True when `authorization` carries the metrics token. */
  allowed(authorization: string | undefined): boolean;
  /** The Prometheus text exposition, and its content type. */
  render(): Promise<{ text: string; contentType: string }>;
}

/** A path's group: few values, so the series stay few whatever the visitors ask. */
export function routeGroup(path: string): string {
  if (path.startsWith("/api/")) return "api";
  if (path.startsWith("/media/")) return "media";
  if (path.startsWith("/assets/")) return "assets";
  if (path.startsWith("/admin")) return "admin_pages";
  if (path === "/healthz" || path === "/readyz" || path === "/metrics") return "probes";
  return "pages";
}

/**
 * The process's metrics for Prometheus (prom-client, decision 086), in a registry of its own (one per
 * server, so tests may start several): requests by route group and status class with their latency,
 * the page cache, the renders, the work pools, the outbox, the last good backup's age, and Node's
 * own (memory, event-loop delay, handles), read at each scrape.
 */
export function createMetrics(token: string, sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const requests = new Counter({
    name: "utilaje_http_requests_total",
    help: "Replies sent, by route group and status class.",
    labelNames: ["group", "status"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "utilaje_http_request_duration_seconds",
    help: "Time from a request's arrival to its reply's end, by route group.",
    labelNames: ["group"] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const state: ScrapeState = { outbox: { waiting: 0, failing: 0 } };
  gauges(registry, sources, state);
  const expected = createHash("sha256").update(token).digest();
  return {
    observe(path, status, seconds) {
      const group = routeGroup(path);
      requests.inc({ group, status: `${Math.floor(status / 100)}xx` });
      latency.observe({ group }, seconds);
    },
    allowed(authorization) {
      const given = /^Bearer (.+)$/.exec(authorization ?? "")?.[1];
      return given !== undefined && timingSafeEqual(createHash("sha256").update(given).digest(), expected);
    },
    async render() {
      Object.assign(state, { lastBackup: undefined }, await readState(sources.db));
      return { text: await registry.metrics(), contentType: registry.contentType };
    },
  };
}

/** What the database says, read once at the start of each scrape. */
interface ScrapeState {
  outbox: OutboxState;
  lastBackup?: string;
}

async function readState(db: Kysely<Database>): Promise<ScrapeState> {
  const [outbox, backup] = await Promise.all([outboxState(db), lastGoodBackupRun(db)]);
  return { outbox, lastBackup: backup?.finished_at ?? undefined };
}

/** The gauges read at each scrape; `state` is the scrape's database reading. */
function gauges(registry: Registry, sources: MetricsSources, state: ScrapeState): void {
  const page = (name: string, help: string, read: (stats: PageStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        if (sources.pages) this.set(read(sources.pages()));
      },
    });
  page("utilaje_page_cache_hits", "Public pages served from the page cache since start.", (s) => s.cacheHits);
  page("utilaje_page_cache_misses", "Public pages the page cache did not hold since start.", (s) => s.cacheMisses);
  page("utilaje_page_renders_running", "Page renders at work.", (s) => s.rendersRunning);
  page("utilaje_page_renders_waiting", "Page renders waiting for their turn.", (s) => s.rendersWaiting);
  const pools = (name: string, help: string, read: (pool: MetricsSources["pools"][string]) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["pool"] as const,
      registers: [registry],
      collect() {
        for (const [pool, state] of Object.entries(sources.pools)) this.set({ pool }, read(state));
      },
    });
  pools("utilaje_work_running", "Jobs running in a work pool's children.", (pool) => pool.counts.running);
  pools("utilaje_work_waiting", "Jobs waiting for a work pool's child.", (pool) => pool.counts.waiting);
  pools("utilaje_work_children", "A work pool's child processes alive.", (pool) => pool.counts.children);
  new Counter({
    name: "utilaje_work_crashes_total",
    help: "A work pool's children crashed since start: killed past their time, out of memory, ended with an error.",
    labelNames: ["pool"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [pool, state] of Object.entries(sources.pools)) this.inc({ pool }, state.crashes.total);
    },
  });
  const since = (name: string, help: string, label: string, counts: HourlyCounts) =>
    new Counter({
      name,
      help,
      labelNames: [label],
      registers: [registry],
      collect() {
        this.reset();
        for (const { kind, total } of counts.read()) this.inc({ [label]: kind }, total);
      },
    });
  since(
    "utilaje_errors_total",
    "Error log lines since start, by kind (an error's code or class).",
    "kind",
    sources.counts.errors,
  );
  since(
    "utilaje_rate_limited_total",
    "Requests refused with 429 since start, by limit.",
    "limiter",
    sources.counts.rateLimitHits,
  );
  const read = (name: string, help: string, value: (state: ScrapeState) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(value(state));
      },
    });
  read("utilaje_outbox_waiting", "E-mails not yet sent.", (s) => s.outbox.waiting);
  read("utilaje_outbox_failing", "Unsent e-mails whose last attempt failed.", (s) => s.outbox.failing);
  read("utilaje_outbox_oldest_seconds", "Age of the oldest unsent e-mail (0 when none waits).", (s) =>
    s.outbox.oldest ? (Date.now() - Date.parse(s.outbox.oldest)) / 1000 : 0,
  );
  read("utilaje_backup_age_seconds", "Age of the newest verified backup (-1 when there is none).", (s) =>
    s.lastBackup ? (Date.now() - Date.parse(s.lastBackup)) / 1000 : -1,
  );
}
