import { spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKUP_TABLES } from "../../server/db/backup/logical-backup.ts";
import { openDatabase, type DatabaseHandle } from "../../server/db/database.ts";
import { insertContactRequest } from "../../server/db/repositories/contact-requests.ts";
import { loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/logger.ts";
import { startServer } from "../../server/start-server.ts";
import { loginAsAdmin } from "../helpers/auth.ts";
import { createCategory } from "../helpers/catalogue-api.ts";
import { createTestDatabase, startTestServer, TEST_ADMIN, type TestServer } from "../helpers/test-server.ts";

const cli = (name: string) => path.resolve(import.meta.dirname, `../../server/cli/${name}.ts`);

/** `npm run backup|restore -- args` against a data dir and database, as an operator runs it. */
function run(name: "backup" | "restore", args: string[], target: { dataDir: string; databaseUrl?: string }) {
  const child = spawn(process.execPath, [cli(name), ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: target.dataDir, LOG_LEVEL: "silent", ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) => child.on("close", (code) => resolve({ code, output })));
}

/** Per table: its row count and a SHA-256 of its rows in a stable order (bytes as base64). */
async function tableDigests(database: Pick<DatabaseHandle, "db">, tables: readonly string[]): Promise<Record<string, { rows: number; sha256: string }>> {
  const digests: Record<string, { rows: number; sha256: string }> = {};
  for (const table of tables) {
    const rows = (await database.db.selectFrom(table as "users").selectAll().execute()) as Record<string, unknown>[];
    const lines = rows
      .map((row) => JSON.stringify(Object.entries(row).sort(([a], [b]) => a.localeCompare(b)).map(([key, value]) => [key, value instanceof Uint8Array ? Buffer.from(value).toString("base64") : value])))
      .sort();
    digests[table] = { rows: rows.length, sha256: createHash("sha256").update(lines.join("\n")).digest("hex") };
  }
  return digests;
}

interface Target {
  dataDir: string;
  databaseUrl?: string;
  drop(): Promise<void>;
}

/** An empty place to restore into: a new data directory, and a new database on PostgreSQL runs. */
async function emptyTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "utilaje-restore-"));
  const database = await createTestDatabase();
  return {
    dataDir,
    databaseUrl: database?.url,
    drop: async () => {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let source: TestServer;
beforeAll(async () => {
  // A populated site: the demo catalogue (images, products, banners, configuration), a lead and a session.
  source = await startTestServer({ SEED_DEMO: "true", LOGIN_RATE_LIMIT: "1000" });
  await insertContactRequest(source.services.db, {
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
}, 120_000);
afterAll(async () => {
  await source?.close();
});

const sourceTarget = () => ({ dataDir: source.services.config.DATA_DIR, databaseUrl: source.services.config.DATABASE_URL });

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
  it("copies the site under write load; the restore holds the same tables and the restored site starts", { timeout: 120_000 }, async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "utilaje-backup-")), args.length ? "site.backup.gz" : "site.db");
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
        // Nothing but categories (and the catalogue version they bump) changed during the backup:
        // every other table is equal, row for row.
        const steady = BACKUP_TABLES.filter((table) => table !== "categories" && table !== "app_state");
        expect(await tableDigests(restored, steady)).toEqual(await tableDigests(source.services, steady));
        expect((await tableDigests(restored, ["images"])).images.rows).toBeGreaterThan(50);
        // Categories: all that existed when the backup began, and only ones that exist now.
        const names = (await restored.db.selectFrom("categories").select("name").execute()).map((row) => row.name);
        const now = (await source.services.db.selectFrom("categories").select("name").execute()).map((row) => row.name);
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
  });
});

describe("npm run restore refuses", () => {
  it("a target that holds data, a file that is no backup, and a truncated backup, changing nothing", { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "utilaje-backup-"));
    const file = path.join(dir, "site.backup.gz");
    try {
      expect((await run("backup", [file, "--portable"], sourceTarget())).code).toBe(0);

      // Into the populated source itself.
      const intoSource = await run("restore", [file], sourceTarget());
      expect(intoSource.code).toBe(1);
      expect(intoSource.output).toMatch(/Restore failed: (The target database is not empty|.* exists: restore into an empty data directory)/);

      const notBackup = path.join(dir, "notes.txt");
      writeFileSync(notBackup, "not a backup at all");
      const foreign = await run("restore", [notBackup], sourceTarget());
      expect(foreign).toEqual({ code: 1, output: `Restore failed: ${notBackup} is neither a SQLite backup nor a logical (.backup.gz) backup.\n` });

      // A backup cut short (its last lines lost) restores nothing.
      const { gunzipSync, gzipSync } = await import("node:zlib");
      const lines = gunzipSync((await import("node:fs")).readFileSync(file)).toString().trimEnd().split("\n");
      const truncated = path.join(dir, "truncated.backup.gz");
      writeFileSync(truncated, gzipSync(lines.slice(0, -3).join("\n")));
      const target = await emptyTarget();
      try {
        const cut = await run("restore", [truncated], target);
        expect(cut.code).toBe(1);
        expect(cut.output).toContain("The backup is truncated (no end line): nothing was restored.");
        const database = openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
        try {
          expect(await tableDigests(database, ["images", "users"])).toMatchObject({ images: { rows: 0 }, users: { rows: 0 } });
        } finally {
          await database.close();
        }
      } finally {
        await target.drop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
