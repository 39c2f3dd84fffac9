import { existsSync, readdirSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupFileName, type BackupKind } from "../../server/backups/backup-files.ts";
import { backupWork, nightlyBackupDir, startNightlyBackup } from "../../server/backups/backup-work.ts";
import { nightlyBackup } from "../../server/backups/nightly-backup.ts";
import { BACKUP_STEPS, writeVerifiedBackup, type BackupSteps } from "../../server/backups/write-backup.ts";
import { createLogger } from "../../server/core/logger.ts";
import { openDatabase, type DatabaseHandle } from "../../server/db/database.ts";
import { latestBackupRuns } from "../../server/db/repositories/backup-runs.ts";
import { loginAsAdmin } from "../helpers/auth.ts";
import { createCategory } from "../helpers/catalogue-api.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/*
 * The nightly backup on the database the tests run on (TEST_DIALECT): one run per night across
 * instances, whatever the clock does; verified before it counts; rotated; a full disk or a damaged
 * copy leaves the older backups as they were.
 */

const logger = createLogger("silent");
const kind: BackupKind = process.env.TEST_DIALECT === "postgres" ? "logical" : "sqlite";
let server: TestServer;
let second: DatabaseHandle;

beforeAll(async () => {
  server = await startTestServer();
  const { token } = await loginAsAdmin(server);
  await createCategory(server, token, "Excavatoare");
  second = openDatabase({ databaseUrl: server.services.config.DATABASE_URL, dataDir: server.services.config.DATA_DIR });
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

/** A clock the test moves: an instant in UTC (Romania is 2 hours ahead in winter). */
function clock(iso: string) {
  const state = { now: new Date(iso) };
  return { state, now: () => state.now };
}

function settingsFor(dir: string) {
  return { ...server.services.config, BACKUP_DIR: dir, BACKUP_AT: 3 * 60 + 30 };
}

/** A scheduler on the test's database writing into `dir` in this process, with `steps` in place of the real ones. */
function scheduler(
  dir: string,
  now: () => Date,
  steps: BackupSteps = BACKUP_STEPS,
  keep = { daily: 7, weekly: 4, monthly: 6 },
) {
  const { DATA_DIR, DATABASE_URL } = server.services.config;
  return nightlyBackup({
    db: server.services.db,
    instance: "test",
    kind,
    dir,
    atMinute: 3 * 60 + 30,
    keep,
    write: (target) => writeVerifiedBackup({ dataDir: DATA_DIR, databaseUrl: DATABASE_URL, target, kind }, steps),
    logger,
    now,
  });
}

function backupsIn(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

async function runOf(day: string) {
  return (await latestBackupRuns(server.services.db, 400)).find((run) => run.day === day);
}

describe("the nightly backup", () => {
  it("runs once across two instances started at the same minute, each with its own connection, and verifies the copy", async () => {
    const dir = path.join(server.services.config.DATA_DIR, "two-instances");
    const { now } = clock("2026-03-02T01:31:00Z");
    const pools = [backupWork(), backupWork()];
    const instances = pools.map((pool, index) =>
      startNightlyBackup(settingsFor(dir), index === 0 ? server.services.db : second.db, logger, pool, { now }),
    );
    try {
      const outcomes = await Promise.all(instances.map((instance) => instance?.tick()));
      expect(outcomes.sort()).toEqual(["ok", undefined]);
      expect(backupsIn(dir)).toEqual([backupFileName(now(), kind)]);
      expect(nightlyBackupDir(settingsFor(dir))).toBe(dir);
      const run = await runOf("2026-03-02");
      expect(run).toMatchObject({
        status: "ok",
        file: path.join(dir, backupFileName(now(), kind)),
        error: null,
        offsite: "off",
      });
      expect(run?.rows).toBeGreaterThan(2);
      expect(run?.bytes).toBeGreaterThan(0);
    } finally {
      for (const instance of instances) await instance?.stop();
      for (const pool of pools) pool.close();
    }
  });

  it("waits for its hour, and a clock moved back after the night's run does not run it again", async () => {
    const dir = path.join(server.services.config.DATA_DIR, "clock");
    const time = clock("2026-04-10T00:20:00Z"); // 03:20 in Romania (summer time): not yet
    const backup = scheduler(dir, time.now);
    expect(await backup.tick()).toBeUndefined();
    time.state.now = new Date("2026-04-10T00:31:00Z");
    expect(await backup.tick()).toBe("ok");
    time.state.now = new Date("2026-04-10T00:40:00Z");
    expect(await backup.tick()).toBeUndefined();
    // The clock corrected back by an hour and a half, then forward again: still that night's one backup.
    time.state.now = new Date("2026-04-09T23:10:00Z");
    expect(await backup.tick()).toBeUndefined();
    time.state.now = new Date("2026-04-10T05:00:00Z");
    expect(await backup.tick()).toBeUndefined();
    expect(backupsIn(dir)).toHaveLength(1);
    time.state.now = new Date("2026-04-11T00:35:00Z");
    expect(await backup.tick()).toBe("ok");
    expect(backupsIn(dir)).toHaveLength(2);
  });

  it("keeps the newest of each of the last days and weeks of the rotation and deletes the rest", async () => {
    const dir = path.join(server.services.config.DATA_DIR, "rotation");
    const time = clock("2026-05-01T01:00:00Z");
    const backup = scheduler(dir, time.now, BACKUP_STEPS, { daily: 2, weekly: 2, monthly: 0 });
    // Friday 15 May to Sunday 24 May 2026, at 04:00 in Romania.
    for (let date = 15; date <= 24; date += 1) {
      time.state.now = new Date(`2026-05-${date}T01:00:00Z`);
      expect(await backup.tick()).toBe("ok");
    }
    const kept = ["2026-05-17", "2026-05-23", "2026-05-24"].map((day) =>
      backupFileName(new Date(`${day}T01:00:00Z`), kind),
    );
    expect(backupsIn(dir)).toEqual(kept.sort());
  });

  it("reports a copy that does not read back as the database was, never counts it as good, and keeps the older ones", async () => {
    const dir = path.join(server.services.config.DATA_DIR, "damaged");
    const time = clock("2026-06-01T01:00:00Z");
    expect(await scheduler(dir, time.now).tick()).toBe("ok");
    const good = backupsIn(dir);
    const damaging: BackupSteps = {
      ...BACKUP_STEPS,
      async write(input, file) {
        const live = await BACKUP_STEPS.write(input, file);
        if (input.kind === "sqlite") {
          const copy = new SQLite(file);
          copy.prepare("delete from users").run();
          copy.close();
        } else {
          truncateSync(file, Math.floor(readFileSync(file).length / 2));
        }
        return live;
      },
    };
    time.state.now = new Date("2026-06-02T01:00:00Z");
    expect(await scheduler(dir, time.now, damaging).tick()).toBe("failed");
    expect(backupsIn(dir)).toEqual(good);
    const run = await runOf("2026-06-02");
    expect(run).toMatchObject({ status: "failed", file: null });
    expect(run?.error).toMatch(kind === "sqlite" ? /rows differ from the database's in users/ : /cannot be read back/);
  });

  it("removes the partial file of a disk that fills mid-backup and keeps the older ones", async () => {
    const dir = path.join(server.services.config.DATA_DIR, "full-disk");
    const time = clock("2026-07-01T01:00:00Z");
    expect(await scheduler(dir, time.now).tick()).toBe("ok");
    const good = backupsIn(dir);
    const before = readFileSync(path.join(dir, String(good[0])));
    const full: BackupSteps = {
      ...BACKUP_STEPS,
      async write(_input, file) {
        writeFileSync(file, Buffer.alloc(4096), { flag: "wx" });
        throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
      },
    };
    time.state.now = new Date("2026-07-02T01:00:00Z");
    expect(await scheduler(dir, time.now, full).tick()).toBe("failed");
    expect(backupsIn(dir)).toEqual(good);
    expect(readFileSync(path.join(dir, String(good[0]))).equals(before)).toBe(true);
    expect(await runOf("2026-07-02")).toMatchObject({
      status: "failed",
      error: "ENOSPC: no space left on device, write",
    });
  });

  it("fails the night, never leaves it running, when its folder cannot be made", async () => {
    const file = path.join(server.services.config.DATA_DIR, "not-a-folder");
    writeFileSync(file, "");
    const time = clock("2026-08-01T01:00:00Z");
    expect(await scheduler(path.join(file, "backups"), time.now).tick()).toBe("failed");
    expect(await runOf("2026-08-01")).toMatchObject({ status: "failed", error: expect.stringContaining("ENOTDIR") });
  });
});
