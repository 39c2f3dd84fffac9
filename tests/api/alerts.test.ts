import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../server/core/logger.ts";
import { openDatabase, type DatabaseHandle } from "../../server/db/database.ts";
import { hostname } from "node:os";
import { claimBackupRun, finishBackupRun, recordOffsite } from "../../server/db/repositories/backup-runs.ts";
import { checkAlerts, type AlertOptions } from "../../server/monitoring/alerts.ts";
import { hourlyCounts } from "../../server/core/hourly-counts.ts";
import { startTestServer, TEST_ADMIN, type TestServer } from "../helpers/test-server.ts";

/*
 * The alerts mailed to the administrators through the outbox (decision 088): one mail when a
 * backup fails, none more while it lasts until the reminder is due, one when it is fixed; two
 * instances checking at once mail once.
 */

const HOUR = 3_600_000;
let server: TestServer;
let second: DatabaseHandle;

beforeAll(async () => {
  server = await startTestServer();
  const { DATABASE_URL, DATA_DIR } = server.services.config;
  second = openDatabase({ databaseUrl: DATABASE_URL, dataDir: DATA_DIR });
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

function options(db = server.services.db, diskFreeMb = 0): AlertOptions {
  return {
    pools: {},
    errors: hourlyCounts(),
    errorsPerHour: 5,
    db,
    dataDir: server.services.config.DATA_DIR,
    backupsOn: true,
    diskFreeMb,
    repeatMs: 6 * HOUR,
    siteUrl: () => "https://utilaje.example.ro",
    logger: createLogger("silent"),
  };
}

/** The options with the backups off and the disk's threshold at 0, and `overrides`. */
function quiet(overrides: Partial<AlertOptions> = {}): AlertOptions {
  return { ...options(), backupsOn: false, ...overrides };
}

async function alertMails() {
  return server.services.db
    .selectFrom("mail_outbox")
    .select(["recipient", "subject", "text_body"])
    .where("subject", "like", "[utilaje]%")
    .orderBy("created_at")
    .execute();
}

async function night(day: string, end: "ok" | "failed", at: Date) {
  const db = server.services.db;
  await claimBackupRun(db, { day, instance: "test", startedAt: at.toISOString(), offsite: "off" });
  await finishBackupRun(
    db,
    day,
    end === "ok"
      ? { status: "ok", finishedAt: at.toISOString(), file: "/b/x.db", bytes: 1, rows: 1 }
      : { status: "failed", finishedAt: at.toISOString(), error: "ENOSPC: no space left on device, write" },
  );
}

describe("the alerts", () => {
  it("mail a failing backup once, remind while it lasts, and say when it is fixed", async () => {
    const start = new Date("2026-11-29T02:00:00Z");
    await night("2026-11-29", "failed", start);
    const checks = [
      () => checkAlerts(options(), start),
      () => checkAlerts(options(second.db), new Date(start.getTime() + 1000)),
    ];
    // At once on PostgreSQL, as two instances check; SQLite serves one instance, and two connections of
    // one process would wait on each other's lock with the thread blocked: one after the other there.
    const both =
      server.services.dialect === "postgres"
        ? await Promise.all(checks.map((check) => check()))
        : [await checks[0]?.(), await checks[1]?.()];
    expect(both.flat()).toEqual([{ kind: "backup", mail: "started" }]);
    let mails = await alertMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: TEST_ADMIN.email, subject: "[utilaje] Alerta: Backup" });
    expect(mails[0]?.text_body).toContain(
      "ALERTA - Backup: Backupul din noaptea 2026-11-29 a esuat: ENOSPC: no space left on device, write.",
    );
    expect(mails[0]?.text_body).toContain("https://utilaje.example.ro/admin/main/stare");

    // Still failing an hour later: nothing; six hours after the mail: one reminder.
    expect(await checkAlerts(options(), new Date(start.getTime() + HOUR))).toEqual([]);
    // (The mail is the first check's or, on PostgreSQL, the second's a second later, whichever won.)
    expect(await checkAlerts(options(), new Date(start.getTime() + 6 * HOUR + 1000))).toEqual([
      { kind: "backup", mail: "reminder" },
    ]);
    mails = await alertMails();
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text_body).toContain("INCA ACTIVA - Backup");

    // The next night's backup is good: one mail says so, and then nothing.
    const fixed = new Date("2026-11-30T02:00:00Z");
    await night("2026-11-30", "ok", fixed);
    expect(await checkAlerts(options(), fixed)).toEqual([{ kind: "backup", mail: "ended" }]);
    expect(await checkAlerts(options(), new Date(fixed.getTime() + 7 * HOUR))).toEqual([]);
    mails = await alertMails();
    expect(mails).toHaveLength(3);
    expect(mails[2]).toMatchObject({ subject: "[utilaje] Rezolvat: Backup" });
    expect(mails[2]?.text_body).toContain("REZOLVAT - Backup: a revenit la normal.");
  });

  it("groups the alerts of one round in one mail", async () => {
    const at = new Date("2026-12-05T02:00:00Z");
    // The last good backup (30 November) is now days old, and no disk has a petabyte free.
    const changes = await checkAlerts(options(server.services.db, 1024 ** 3), at);
    expect(changes).toEqual([
      { kind: "backup", mail: "started" },
      { kind: "disk", mail: "started" },
    ]);
    const last = (await alertMails()).at(-1);
    expect(last?.subject).toBe("[utilaje] Alerta: Backup, Spatiu pe disc");
    expect(last?.text_body).toMatch(/ALERTA - Spatiu pe disc: Mai sunt \d+ MB liberi in DATA_DIR pe /);
    // The disk is this machine's: its row is too, so another host with room never ends this one's alert.
    const rows = await server.services.db.selectFrom("alerts").select("kind").where("kind", "like", "disk%").execute();
    expect(rows.map((row) => row.kind)).toEqual([`disk@${hostname()}`]);
  });

  it("mail a worker crashing repeatedly: three crashes of one pool within an hour", async () => {
    // From here on the backups are off and the disk has room: only the kind under test moves. The
    // times are after the tests' above (the mails are ordered by their queueing time).
    const start = Date.parse("2026-12-10T10:00:00Z");
    await checkAlerts(quiet(), new Date(start));
    const before = (await alertMails()).length;
    const crashTimes: number[] = [];
    const pool = {
      counts: { running: 0, waiting: 0, children: 0 },
      crashes: {
        get total() {
          return crashTimes.length;
        },
        since: (at: number) => crashTimes.filter((time) => time >= at).length,
      },
    };
    const at = (minutes: number) => new Date(start + minutes * 60_000);
    crashTimes.push(start, start + 60_000);
    expect(await checkAlerts(quiet({ pools: { sheets: pool } }), at(2))).toEqual([]);
    crashTimes.push(start + 3 * 60_000);
    expect(await checkAlerts(quiet({ pools: { sheets: pool } }), at(4))).toEqual([
      { kind: "workers", mail: "started" },
    ]);
    const mail = (await alertMails()).at(-1);
    expect(mail?.subject).toBe("[utilaje] Alerta: Lucrari in fundal");
    expect(mail?.text_body).toMatch(/ALERTA - Lucrari in fundal: .*\(sheets: 3; pragul: 3\)/);
    // An hour after the second crash, the pool has had fewer than three within the hour: it has ended.
    expect(await checkAlerts(quiet({ pools: { sheets: pool } }), at(62))).toEqual([{ kind: "workers", mail: "ended" }]);
    expect((await alertMails()).length).toBe(before + 2);
  });

  it("mail errors over the threshold within one clock hour, and their end", async () => {
    const before = (await alertMails()).length;
    const errors = hourlyCounts();
    const hour = Date.parse("2026-12-11T10:00:00Z");
    for (let i = 0; i < 3; i += 1) errors.add("ENOSPC", hour + 1000);
    errors.add("TypeError", hour + 2000);
    expect(await checkAlerts(quiet({ errors }), new Date(hour + 3000))).toEqual([]);
    errors.add("ENOSPC", hour + 4000);
    expect(await checkAlerts(quiet({ errors }), new Date(hour + 5000))).toEqual([{ kind: "errors", mail: "started" }]);
    const mail = (await alertMails()).at(-1);
    expect(mail?.subject).toBe("[utilaje] Alerta: Erori");
    expect(mail?.text_body).toMatch(
      /ALERTA - Erori: 5 erori intr-o ora .*\(pragul: 5\); cele mai dese: ENOSPC \(4\), TypeError \(1\)\./,
    );
    // The next hour still shows the hour just closed; the one after, nothing: ended, once.
    expect(await checkAlerts(quiet({ errors }), new Date(hour + HOUR + 5000))).toEqual([]);
    expect(await checkAlerts(quiet({ errors }), new Date(hour + 2 * HOUR + 5000))).toEqual([
      { kind: "errors", mail: "ended" },
    ]);
    expect((await alertMails()).length).toBe(before + 2);
  });

  it("keep an off-site copy's failure firing while the next night is under way, and end it when one arrives", async () => {
    const db = server.services.db;
    const before = (await alertMails()).length;
    const night = async (day: string) => {
      const at = new Date(`${day}T02:00:00Z`);
      await claimBackupRun(db, { day, instance: "test", startedAt: at.toISOString(), offsite: "pending" });
      await finishBackupRun(db, day, {
        status: "ok",
        finishedAt: at.toISOString(),
        file: "/b/x.db",
        bytes: 1,
        rows: 1,
      });
      return at;
    };
    const failed = await night("2026-12-20");
    await recordOffsite(db, "2026-12-20", { status: "failed", error: "connect ECONNREFUSED" });
    expect(await checkAlerts(quiet(), failed)).toEqual([{ kind: "backup-offsite", mail: "started" }]);
    // The next night's copy is on its way ('pending'): it says nothing yet, so the day-old failure is
    // reminded of, never said resolved.
    const next = await night("2026-12-21");
    expect(await checkAlerts(quiet(), next)).toEqual([{ kind: "backup-offsite", mail: "reminder" }]);
    await recordOffsite(db, "2026-12-21", { status: "uploaded" });
    expect(await checkAlerts(quiet(), new Date(next.getTime() + 60_000))).toEqual([
      { kind: "backup-offsite", mail: "ended" },
    ]);
    expect((await alertMails()).length).toBe(before + 3);
  });
});
