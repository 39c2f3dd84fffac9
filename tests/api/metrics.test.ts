import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeGroup } from "../../server/monitoring/metrics.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/*
 * /metrics: Prometheus's text format behind a bearer token (decision 086); without the token set it
 * does not exist.
 */

const TOKEN = "metrics-token-of-the-tests-0123456789abcdef";
let server: TestServer;
let without: TestServer;

beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: TOKEN });
  without = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  await without?.close();
});

const scrape = (site: TestServer, token?: string) =>
  site.fetch("/metrics", token ? { headers: { Authorization: `Bearer ${token}` } } : {});

/** Prometheus's text exposition format 0.0.4, line by line: comments, or a sample with its labels and value. */
function parseExposition(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? (\S+)( \d+)?$/;
  for (const line of text.split("\n")) {
    if (line === "" || /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* /.test(line)) continue;
    const match = sample.exec(line);
    if (!match) throw new Error(`Not a line of Prometheus's text format: ${line}`);
    // Values as Go's ParseFloat reads them (Prometheus's parser): NaN and ±Inf in any case.
    const text = String(match[3]);
    const value = /^nan$/i.test(text)
      ? Number.NaN
      : /^[+-]?inf$/i.test(text)
        ? Number(`${text[0] === "-" ? "-" : ""}Infinity`)
        : Number(text);
    if (Number.isNaN(value) && !/^nan$/i.test(text)) throw new Error(`Not a value: ${line}`);
    samples.set(`${match[1]}${match[2] ?? ""}`, value);
  }
  return samples;
}

describe("/metrics", () => {
  it("refuses a scrape without its token, or with another, before reading anything", async () => {
    for (const response of [await scrape(server), await scrape(server, "x".repeat(40))]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: "ERROR_UNAUTHORIZED" } });
    }
    const basic = await server.fetch("/metrics", { headers: { Authorization: `Basic ${TOKEN}` } });
    expect(basic.status).toBe(401);
  });

  it("does not exist without METRICS_TOKEN", async () => {
    expect((await scrape(without, TOKEN)).status).not.toBe(200);
  });

  it("answers Prometheus's text format: requests by group and status, latency, outbox, backups, memory, event loop", async () => {
    await server.fetch("/api/category");
    await server.fetch("/api/nothing-here");
    await server.fetch("/healthz");
    server.services.logger.error({ err: Object.assign(new Error("disk"), { code: "ENOSPC" }) }, "test");
    const response = await scrape(server, TOKEN);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseExposition(await response.text());
    expect(samples.get('utilaje_http_requests_total{group="api",status="2xx"}')).toBeGreaterThanOrEqual(1);
    expect(samples.get('utilaje_http_requests_total{group="api",status="4xx"}')).toBeGreaterThanOrEqual(1);
    expect(samples.get('utilaje_http_request_duration_seconds_count{group="probes"}')).toBeGreaterThanOrEqual(1);
    expect(samples.get('utilaje_http_request_duration_seconds_bucket{le="+Inf",group="api"}')).toBeGreaterThanOrEqual(
      2,
    );
    expect(samples.get("utilaje_outbox_waiting")).toBe(0);
    expect(samples.get("utilaje_backup_age_seconds")).toBe(-1);
    expect(samples.get('utilaje_work_waiting{pool="sheets"}')).toBe(0);
    expect(samples.get('utilaje_work_crashes_total{pool="imports"}')).toBe(0);
    expect(samples.get('utilaje_errors_total{kind="ENOSPC"}')).toBe(1);
    expect(samples.get("process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(samples.has("nodejs_eventloop_lag_p99_seconds")).toBe(true);
    expect(samples.has("nodejs_heap_size_used_bytes")).toBe(true);
  });

  it("names in deploy/grafana-dashboard.json only series it exposes", async () => {
    const dashboard = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, "../../deploy/grafana-dashboard.json"), "utf8"),
    ) as {
      panels: { targets: { expr: string }[] }[];
    };
    const names = new Set(
      dashboard.panels.flatMap((panel) =>
        panel.targets.flatMap((target) => target.expr.match(/\b(utilaje|nodejs|process)_[a-z0-9_]+/g) ?? []),
      ),
    );
    const exposed = new Set(
      [...parseExposition(await (await scrape(server, TOKEN)).text()).keys()].map((key) => key.split("{")[0]),
    );
    expect(names.size).toBeGreaterThan(8);
    for (const name of names) expect(exposed, name).toContain(name);
  });

  it("groups paths into few series whatever the visitors ask", () => {
    expect(routeGroup("/api/product/123")).toBe("api");
    expect(routeGroup("/media/abc/640.avif")).toBe("media");
    expect(routeGroup("/admin/produse")).toBe("admin_pages");
    expect(routeGroup("/categorie/excavatoare")).toBe("pages");
    expect(routeGroup("/readyz")).toBe("probes");
  });
});
