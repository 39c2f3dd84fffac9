import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupFileName } from "../../server/backups/backup-files.ts";
import { backupWork, startNightlyBackup } from "../../server/backups/backup-work.ts";
import { bucketFromSettings } from "../../server/backups/offsite.ts";
import type { Settings } from "../../server/core/config.ts";
import { parseBackupKey } from "../../server/core/backup-key.ts";
import { createLogger } from "../../server/core/logger.ts";
import { BACKUP_TABLES } from "../../server/db/backup/logical-backup.ts";
import { openDatabase, SQLITE_FILE } from "../../server/db/database.ts";
import { latestBackupRuns } from "../../server/db/repositories/backup-runs.ts";
import { loginAsAdmin } from "../helpers/auth.ts";
import { emptyTarget, run, tableDigests, type Target } from "../helpers/backup-cli.ts";
import { createCategory } from "../helpers/catalogue-api.ts";
import { freePort } from "../helpers/free-port.ts";
import { startS3Server, type S3Server } from "../helpers/s3-server.ts";
import { startTestServer, TEST_ADMIN, type TestServer } from "../helpers/test-server.ts";

/*
 * The nightly backup's copy off the machine, against a real S3-compatible server (s3rver): encrypted
 * before it leaves, rotated there too, restored by `npm run restore -- --from-bucket` into an empty
 * database with the same rows; a wrong key restores nothing; a bucket that does not answer leaves
 * the local backup and says so.
 */

const logger = createLogger("silent");
const KEY = randomBytes(32).toString("base64");
const BUCKET = "utilaje-backups";
let s3: S3Server;
let server: TestServer;
const targets: Target[] = [];

beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
  server = await startTestServer();
  const { token } = await loginAsAdmin(server);
  await createCategory(server, token, "Excavatoare");
  await createCategory(server, token, "Macarale");
});
afterAll(async () => {
  for (const target of targets) await target.drop();
  await server?.close();
  await s3?.close();
});

function settings(dir: string, bucket: Record<string, string>, keep = { daily: 7, weekly: 4, monthly: 6 }): Settings {
  return {
    ...server.services.config,
    BACKUP_DIR: path.join(server.services.config.DATA_DIR, dir),
    BACKUP_AT: 3 * 60 + 30,
    BACKUP_KEEP_DAILY: keep.daily,
    BACKUP_KEEP_WEEKLY: keep.weekly,
    BACKUP_KEEP_MONTHLY: keep.monthly,
    BACKUP_S3_BUCKET: bucket.BACKUP_S3_BUCKET,
    BACKUP_S3_ENDPOINT: bucket.BACKUP_S3_ENDPOINT,
    BACKUP_S3_ACCESS_KEY_ID: bucket.BACKUP_S3_ACCESS_KEY_ID,
    BACKUP_S3_SECRET_ACCESS_KEY: bucket.BACKUP_S3_SECRET_ACCESS_KEY,
    BACKUP_S3_PREFIX: `${dir}/`,
    BACKUP_ENCRYPTION_KEY: parseBackupKey(KEY),
  };
}

/** Runs the night of `iso` (an instant after 03:30 in Romania) with `config`, as the server does. */
async function night(config: Settings, iso: string) {
  const pool = backupWork();
  const backup = startNightlyBackup(config, server.services.db, logger, pool, { now: () => new Date(iso) });
  try {
    return await backup?.tick();
  } finally {
    await backup?.stop();
    pool.close();
  }
}

async function runOf(day: string) {
  return (await latestBackupRuns(server.services.db, 400)).find((entry) => entry.day === day);
}

async function restoreTarget(): Promise<Target> {
  const target = await emptyTarget();
  targets.push(target);
  return target;
}

describe("the off-site copy", () => {
  it("is encrypted before it leaves, and a restore from the bucket gives the source's rows", async () => {
    const config = settings("drill", s3.env(BUCKET));
    expect(await night(config, "2026-03-02T01:31:00Z")).toBe("ok");
    expect(await runOf("2026-03-02")).toMatchObject({ status: "ok", offsite: "uploaded", offsite_error: null });
    const name = backupFileName(new Date("2026-03-02T01:31:00Z"), config.DATABASE_URL ? "logical" : "sqlite");
    expect((await bucketFromSettings(config)?.list())?.map((entry) => entry.name)).toEqual([name]);

    // What s3rver keeps (the object's bytes in `NAME._S3rver_object`): no database header, no gzip header, no administrator's address in clear.
    const stored = readdirSync(path.join(s3.directory, BUCKET, "drill"));
    const object = readFileSync(
      path.join(s3.directory, BUCKET, "drill", String(stored.find((file) => file === `${name}.enc._S3rver_object`))),
    );
    expect(object.subarray(0, 27).toString("latin1")).toBe("UTILAJE-BACKUP-AES256GCM-1\n");
    expect(object.includes("SQLite format 3")).toBe(false);
    expect(object.includes(TEST_ADMIN.email)).toBe(false);
    expect(object.includes(Buffer.from([0x1f, 0x8b, 0x08]))).toBe(false);

    const target = await restoreTarget();
    const restored = await run("restore", ["--from-bucket"], {
      ...target,
      env: { ...s3.env(BUCKET), BACKUP_S3_PREFIX: "drill/", BACKUP_ENCRYPTION_KEY: KEY },
    });
    expect(restored, restored.output).toMatchObject({ code: 0 });
    expect(restored.output).toContain(`Downloaded and decrypted ${name} from the bucket ${BUCKET}`);
    const copy = openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
    try {
      // The night's own row was finished after its snapshot; every other table is as the source's.
      const tables = BACKUP_TABLES.filter((table) => table !== "backup_runs");
      const categories = await copy.db.selectFrom("categories").select("name").orderBy("name").execute();
      expect(categories.map((row) => row.name)).toEqual(["Excavatoare", "Macarale"]);
      expect(await tableDigests(copy, tables)).toEqual(await tableDigests(server.services, tables));
    } finally {
      await copy.close();
    }
  });

  it("refuses a restore with another key, clearly, and writes nothing", async () => {
    const config = settings("wrong-key", s3.env(BUCKET));
    expect(await night(config, "2026-03-03T01:31:00Z")).toBe("ok");
    const target = await restoreTarget();
    const refused = await run("restore", ["--from-bucket"], {
      ...target,
      env: {
        ...s3.env(BUCKET),
        BACKUP_S3_PREFIX: "wrong-key/",
        BACKUP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      },
    });
    expect(refused).toEqual({
      code: 1,
      output:
        "Restore failed: The backup was encrypted with another key: BACKUP_ENCRYPTION_KEY is not the key it was made with.\n",
    });
    if (target.databaseUrl) {
      const untouched = openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
      try {
        expect(await untouched.db.introspection.getTables()).toEqual([]);
      } finally {
        await untouched.close();
      }
    } else {
      expect(existsSync(path.join(target.dataDir, SQLITE_FILE))).toBe(false);
    }
  });

  it("keeps the same rotation in the bucket", async () => {
    const config = settings("rotation", s3.env(BUCKET), { daily: 2, weekly: 0, monthly: 0 });
    for (const date of ["2026-03-10", "2026-03-11", "2026-03-12"])
      expect(await night(config, `${date}T02:00:00Z`)).toBe("ok");
    const names = (await bucketFromSettings(config)?.list())?.map((entry) => entry.name);
    const kind = config.DATABASE_URL ? "logical" : "sqlite";
    expect(names).toEqual(
      ["2026-03-12", "2026-03-11"].map((day) => backupFileName(new Date(`${day}T02:00:00Z`), kind)),
    );
  });

  it("lists, rotates and restores only its own prefix's copies, never another environment's under it", async () => {
    const staging = settings("prefixes/staging", s3.env(BUCKET));
    expect(await night(staging, "2026-04-10T02:00:00Z")).toBe("ok");
    expect(await bucketFromSettings(staging)?.list()).toHaveLength(1);
    expect(await bucketFromSettings(settings("prefixes", s3.env(BUCKET)))?.list()).toEqual([]);
  });

  it("keeps the backup locally and says why when the bucket does not answer", async () => {
    const closed = { ...s3.env(BUCKET), BACKUP_S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` };
    const config = settings("unreachable", closed);
    expect(await night(config, "2026-03-20T02:00:00Z")).toBe("ok");
    const entry = await runOf("2026-03-20");
    expect(entry).toMatchObject({ status: "ok", offsite: "failed" });
    expect(entry?.offsite_error).toMatch(/ECONNREFUSED/);
    expect(existsSync(String(entry?.file))).toBe(true);
  });
});
