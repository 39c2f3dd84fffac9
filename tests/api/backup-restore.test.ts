import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKUP_TABLES } from "../../server/db/backup/logical-backup.ts";
import { openDatabase, SQLITE_FILE } from "../../server/db/database.ts";
import { migrateToLatest, migrationState } from "../../server/db/migrate.ts";
import { moveAlert } from "../../server/db/repositories/alerts.ts";
import { claimBackupRun } from "../../server/db/repositories/backup-runs.ts";
import { insertLead } from "../../server/db/repositories/leads.ts";
import { loadConfig } from "../../server/core/config.ts";
import { createLogger } from "../../server/core/logger.ts";
import { startServer } from "../../server/process/start-server.ts";
import { loginAsAdmin } from "../helpers/auth.ts";
import { createCategory } from "../helpers/catalogue-api.ts";
import { emptyTarget, run, tableDigests, type Target } from "../helpers/backup-cli.ts";
import { startTestServer, TEST_ADMIN, type TestServer } from "../helpers/test-server.ts";

let source: TestServer;
beforeAll(async () => {
  // A populated site: the demo catalogue (images, products, banners, configuration), a lead and a session.
  source = await startTestServer({ SEED_DEMO: "true", LOGIN_RATE_LIMIT: "1000" });
  await insertLead(source.services.db, {
    id: randomUUID(),
    last_name: "Popescu",
    first_name: "Ion",
    email: "ion@example.ro",
    phone: "0722123456",
    city: "Cluj",
    categories: "Excavatoare",
    message: "Oferta pentru un excavator, <b>urgent</b>",
    lang: "ro",
    product_id: null,
    product_model: null,
    mail_id: null,
    created_at: new Date().toISOString(),
  });
  // Tonight's backup running on the source as the backup is made, and an alert firing there.
  const now = new Date();
  await claimBackupRun(source.services.db, {
    day: now.toISOString().slice(0, 10),
    instance: "source",
    startedAt: now.toISOString(),
    offsite: "off",
  });
  await moveAlert(source.services.db, "backup-missed", { detail: "no backup" }, now, 3_600_000);
}, 120_000);
afterAll(async () => {
  await source?.close();
});

const sourceTarget = () => ({
  dataDir: source.services.config.DATA_DIR,
  databaseUrl: source.services.config.DATABASE_URL,
});

/** Backs up while categories are being created, and returns the names created before it started. */
async function backupUnderWrites(args: string[]) {
  const { token } = await loginAsAdmin(source);
  const before = (await source.services.db.selectFrom("categories").select("name").execute()).map((row) => row.name);
  let writing = true;
  let written = 0;
  const writes = (async () => {
    while (writing) await createCategory(source, token, `Incarcare ${args.length} ${written++}`);
  })();
  const backup = await run("backup", args, sourceTarget());
  writing = false;
  await writes;
  return { backup, before, writtenDuring: written };
}

describe.each(
  process.env.TEST_DIALECT === "postgres"
    ? [{ kind: "logical", args: [] as string[] }]
    : [
        { kind: "SQLite file", args: [] as string[] },
        { kind: "logical (--portable)", args: ["--portable"] },
      ],
)("npm run backup, then npm run restore: $kind", ({ args }) => {
  it(
    "copies the site under write load; the restore holds the same tables and the restored site starts",
    { timeout: 120_000 },
    async () => {
      const file = path.join(
        mkdtempSync(path.join(tmpdir(), "utilaje-backup-")),
        args.length ? "site.backup.gz" : "site.db",
      );
      const { backup, before, writtenDuring } = await backupUnderWrites([file, ...args]);
      expect(backup, backup.output).toMatchObject({ code: 0 });
      expect(backup.output).toContain(`to ${file}`);
      expect(writtenDuring).toBeGreaterThan(0);
      expect(statSync(file).mode & 0o777).toBe(0o600);

      const target = await emptyTarget();
      try {
        const restore = await run("restore", [file], target);
        expect(restore, restore.output).toMatchObject({ code: 0 });

        const restored = openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
        try {
          // Nothing but categories (the catalogue version they bump, the log entries and revisions
          // they write) changed during the backup: every other table is equal, row for row.
          // The source's backup nights and alert states are not the restored site's: none comes back
          // (kept, tonight's backup would find its night taken).
          const forgotten = ["backup_runs", "alerts"] as const;
          for (const table of forgotten) {
            expect((await tableDigests(source.services, [table]))[table].rows, table).toBeGreaterThan(0);
            expect((await tableDigests(restored, [table]))[table].rows, table).toBe(0);
          }
          const during = new Set(["categories", "app_state", "activity_log", "revisions", ...forgotten]);
          const steady = BACKUP_TABLES.filter((table) => !during.has(table));
          expect(await tableDigests(restored, steady)).toEqual(await tableDigests(source.services, steady));
          expect((await tableDigests(restored, ["images"])).images.rows).toBeGreaterThan(50);
          // Categories: all that existed when the backup began, and only ones that exist now.
          const names = (await restored.db.selectFrom("categories").select("name").execute()).map((row) => row.name);
          const now = (await source.services.db.selectFrom("categories").select("name").execute()).map(
            (row) => row.name,
          );
          expect(names).toEqual(expect.arrayContaining(before));
          expect(now).toEqual(expect.arrayContaining(names));
        } finally {
          await restored.close();
        }

        const config = loadConfig({
          NODE_ENV: "test",
          HOST: "127.0.0.1",
          PORT: "0",
          DATA_DIR: target.dataDir,
          SEED_DEMO: "true",
          LOG_LEVEL: "silent",
          ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
        });
        const site = await startServer(config, { logger: createLogger("silent") });
        try {
          // Not re-seeded, the admin not re-created: the restored data is what it serves.
          expect(site.seeded).toBe(false);
          expect(site.admin.created).toBe(false);
          const login = await fetch(`${site.url}/api/login`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ username: TEST_ADMIN.username, password: TEST_ADMIN.password }),
          });
          expect(login.status).toBe(200);
          const categories = (await (await fetch(`${site.url}/api/category`)).json()) as { name: string }[];
          expect(categories.map((category) => category.name)).toEqual(expect.arrayContaining(before));
        } finally {
          await site.close();
        }
      } finally {
        await target.drop();
        rmSync(path.dirname(file), { recursive: true, force: true });
      }
    },
  );
});

describe("npm run backup and restore refuse", () => {
  const cleanups: (() => Promise<void>)[] = [];
  /** An empty target, dropped after the test. */
  async function target(): Promise<Target> {
    const made = await emptyTarget();
    cleanups.push(made.drop);
    return made;
  }
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "utilaje-backup-"));
    file = path.join(dir, "site.backup.gz");
    expect((await run("backup", [file, "--portable"], sourceTarget())).code).toBe(0);
  }, 60_000);
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The backup's lines, changed by `edit`, written as a new .backup.gz file. */
  function editedBackup(name: string, edit: (lines: string[]) => string[]): string {
    const lines = gunzipSync(readFileSync(file)).toString().trimEnd().split("\n");
    const edited = path.join(dir, name);
    writeFileSync(edited, gzipSync(edit(lines).join("\n")));
    return edited;
  }

  it(
    "to overwrite: a backup never replaces an existing file, a restore never fills a database holding data",
    { timeout: 60_000 },
    async () => {
      const before = readFileSync(file);
      const again = await run("backup", [file, "--portable"], sourceTarget());
      expect(again).toEqual({
        code: 1,
        output: `Backup failed: ${file} exists (an older backup?): name a new file.\n`,
      });
      expect(readFileSync(file).equals(before)).toBe(true);

      const intoSource = await run("restore", [file], sourceTarget());
      expect(intoSource.code).toBe(1);
      expect(intoSource.output).toContain("Restore failed: The target database is not empty");
    },
  );

  it("a file that is no backup, and a truncated backup, restoring nothing", { timeout: 60_000 }, async () => {
    const notBackup = path.join(dir, "notes.txt");
    writeFileSync(notBackup, "not a backup at all");
    const foreign = await run("restore", [notBackup], await target());
    expect(foreign).toEqual({
      code: 1,
      output: `Restore failed: ${notBackup} is neither a SQLite backup nor a logical (.backup.gz) backup.\n`,
    });

    // A backup cut short (its last lines lost).
    const truncated = editedBackup("truncated.backup.gz", (lines) => lines.slice(0, -3));
    const empty = await target();
    const cut = await run("restore", [truncated], empty);
    expect(cut.code).toBe(1);
    expect(cut.output).toContain("The backup is truncated (no end line): nothing was restored.");
    const database = openDatabase({ databaseUrl: empty.databaseUrl, dataDir: empty.dataDir });
    try {
      expect(await tableDigests(database, ["images", "users"])).toMatchObject({
        images: { rows: 0 },
        users: { rows: 0 },
      });
    } finally {
      await database.close();
    }
  });

  it(
    "a backup of an older schema than the target's, without migrating the target down",
    { timeout: 60_000 },
    async () => {
      const older = editedBackup("older.backup.gz", ([header, ...rest]) => {
        const parsed = JSON.parse(header) as { migrations: string[] };
        return [JSON.stringify({ ...parsed, migrations: parsed.migrations.slice(0, 1) }), ...rest];
      });
      // An empty target already at the latest schema.
      const latest = await target();
      const database = openDatabase({ databaseUrl: latest.databaseUrl, dataDir: latest.dataDir });
      try {
        await migrateToLatest(database.db);
        const before = await migrationState(database.db);
        expect(before.pending).toEqual([]);
        const refused = await run("restore", [older], latest);
        expect(refused.code).toBe(1);
        expect(refused.output).toContain("is not an earlier state of the backup's");
        expect(await migrationState(database.db)).toEqual(before);
      } finally {
        await database.close();
      }
    },
  );

  it(
    "a SQLite file that brings code of its own (a trigger), or a SQLite file into PostgreSQL",
    { timeout: 60_000 },
    async () => {
      const copy = path.join(dir, "site.db");
      if (process.env.TEST_DIALECT === "postgres") {
        // Any SQLite file will do to show the refusal.
        new SQLite(copy).exec("create table kysely_migration (name text)");
        const refused = await run("restore", [copy], await target());
        expect(refused.code).toBe(1);
        expect(refused.output).toContain("A SQLite file backup restores into SQLite only");
        return;
      }
      expect((await run("backup", [copy], sourceTarget())).code).toBe(0);
      const tampered = new SQLite(copy);
      tampered.exec(
        "create trigger leak after insert on password_resets begin update configuration set value = new.token_hash; end",
      );
      tampered.close();
      const empty = await target();
      const refused = await run("restore", [copy], empty);
      expect(refused).toEqual({
        code: 1,
        output: `Restore failed: ${copy} is not a utilaje database (unexpected schema).\n`,
      });
      expect(existsSync(path.join(empty.dataDir, SQLITE_FILE))).toBe(false);
    },
  );
});
