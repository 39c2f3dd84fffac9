import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupState } from "../../common/status/status-schemas.ts";
import type { StatusView } from "../../common/status/status-schemas.ts";
import { claimBackupRun, finishBackupRun } from "../../server/db/repositories/backup-runs.ts";
import { recordHeartbeat } from "../../server/db/repositories/instances.ts";
import { authHeaders, loginAsAdmin } from "../helpers/auth.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/* GET /api/status, the Stare page's call (decision 087): admin only, each backup state, the server's facts. */

let server: TestServer;
let token: string;

beforeAll(async () => {
  // The nightly backup on, at an hour the test never waits for: its nights are the test's own.
  server = await startTestServer({ BACKUP_AT: "23:59", RESET_RATE_LIMIT: "2" });
  ({ token } = await loginAsAdmin(server));
});
afterAll(async () => {
  await server?.close();
});

async function status(): Promise<StatusView> {
  const response = await server.fetch("/api/status", { headers: authHeaders(token) });
  expect(response.status).toBe(200);
  return (await response.json()) as StatusView;
}

describe("GET /api/status", () => {
  it("is refused without a session", async () => {
    const response = await server.fetch("/api/status");
    expect(response.status).toBe(401);
  });

  it("says how the site stands, and the last night's backup with its check", async () => {
    const first = await status();
    expect(first).toMatchObject({
      backup: { state: "missing", lastGoodAt: null, last: null },
      database: { dialect: server.services.dialect },
      outbox: { waiting: 0, failing: 0, oldest: null },
    });
    expect(first.disk.freeBytes).toBeGreaterThan(0);
    expect(first.disk.totalBytes).toBeGreaterThanOrEqual(first.disk.freeBytes);
    expect(first.database.bytes).toBeGreaterThan(0);
    expect(first.pools.map((pool) => pool.name)).toEqual(["sheets", "pictures", "imports", "backups"]);
    expect(first.pools[0]).toMatchObject({ running: 0, waiting: 0, crashes: 0, crashesLastDay: 0 });

    const db = server.services.db;
    await claimBackupRun(db, { day: "2026-11-01", instance: "a", startedAt: new Date().toISOString(), offsite: "off" });
    await finishBackupRun(db, "2026-11-01", {
      status: "failed",
      finishedAt: new Date().toISOString(),
      error: "disk full",
    });
    expect((await status()).backup).toMatchObject({ state: "failed", last: { day: "2026-11-01", error: "disk full" } });

    const finishedAt = new Date().toISOString();
    await claimBackupRun(db, { day: "2026-11-02", instance: "a", startedAt: finishedAt, offsite: "pending" });
    await finishBackupRun(db, "2026-11-02", { status: "ok", finishedAt, file: "/b/x.db", bytes: 42, rows: 7 });
    expect((await status()).backup).toMatchObject({
      state: "ok",
      lastGoodAt: finishedAt,
      last: { status: "ok", bytes: 42, file: "/b/x.db", offsite: "pending" },
    });
  });
});

describe("the instances seen", () => {
  it("lists this instance and the others seen in the last 10 minutes, with their version and uptime", async () => {
    await expect.poll(async () => (await status()).instances.map((instance) => instance.current)).toEqual([true]);
    const now = Date.now();
    const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
    const db = server.services.db;
    const beat = { version: "1.0.0 (abc1234)", startedAt: minutesAgo(180), at: minutesAgo(2) };
    await recordHeartbeat(db, { id: "web-2:4242", ...beat });
    await recordHeartbeat(db, { id: "web-3:77", version: "0.9.0", startedAt: minutesAgo(600), at: minutesAgo(11) });
    const { instances, instance } = await status();
    expect(instances.find((seen) => seen.current)?.id).toBe(instance);
    expect(instances.filter((seen) => !seen.current)).toEqual([
      {
        id: "web-2:4242",
        version: beat.version,
        startedAt: beat.startedAt,
        lastSeenAt: beat.at,
        uptimeSeconds: 178 * 60,
        current: false,
      },
    ]);
  });
});

describe("the errors and the rate limits hit", () => {
  it("counts this instance's error lines by kind, never their message, and its 429s by limit", async () => {
    expect(await status()).toMatchObject({ errors: [], rateLimitHits: [] });
    const { logger } = server.services;
    const full = Object.assign(new Error("cannot write /data/ion.popescu@example.ro.eml"), { code: "ENOSPC" });
    logger.error({ err: full }, "mail outbox failed");
    logger.error({ err: full }, "mail outbox failed");
    logger.error({ err: new TypeError("x of undefined, client 0722 123 456") }, "unhandled error");
    const reset = () =>
      server.fetch("/api/reset", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ mail: "nobody@example.ro" }),
      });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await reset()).status);
    expect(statuses).toEqual([204, 204, 429, 429]);
    const now = await status();
    expect(now.errors).toEqual([
      { kind: "ENOSPC", count: 2 },
      { kind: "TypeError", count: 1 },
    ]);
    expect(now.rateLimitHits).toEqual([{ limiter: "reset", count: 2 }]);
    expect(JSON.stringify(now)).not.toMatch(/popescu|0722/);
  });
});

describe("the backups' state", () => {
  const now = new Date("2026-11-29T12:00:00Z");
  it("is red past 26 hours, on a failed night and without any backup; off when the nightly backup is", () => {
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
    expect(backupState({ enabled: true, lastStatus: "ok", lastGoodAt: hoursAgo(25.9), now })).toBe("ok");
    expect(backupState({ enabled: true, lastStatus: "ok", lastGoodAt: hoursAgo(26.1), now })).toBe("stale");
    expect(backupState({ enabled: true, lastStatus: "failed", lastGoodAt: hoursAgo(1), now })).toBe("failed");
    expect(backupState({ enabled: true, now })).toBe("missing");
    expect(backupState({ enabled: false, now })).toBe("off");
  });
});
