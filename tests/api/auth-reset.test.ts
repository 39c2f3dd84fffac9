import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SQLITE_FILE } from "../../server/db/database.ts";
import { pruneSentMail, REMOVED_BODY } from "../../server/db/repositories/mail-outbox.ts";
import { authHeaders, callJson, loginAsAdmin } from "../helpers/auth.ts";
import { errorBody } from "../helpers/error-body.ts";
import { emlFiles } from "../helpers/outbox-files.ts";
import { parseMessage, resetTokenOf, startSmtpServer, type TestSmtpServer } from "../helpers/smtp.ts";
import { withTestServer } from "../helpers/admin-server.ts";
import { startTestServer, TEST_ADMIN, type TestServer } from "../helpers/test-server.ts";

const PUBLIC_URL = "https://utilaje.test";
const limits = { LOGIN_RATE_LIMIT: "1000", RESET_RATE_LIMIT: "1000" };

let smtp: TestSmtpServer;
let server: TestServer;
/** The admin's password as the tests change it. */
let current = TEST_ADMIN.password;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ ...limits, SMTP_URL: smtp.url, PUBLIC_URL });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const requestReset = (body: unknown, target: TestServer = server) => callJson(target, "POST", "/api/reset", body);
const verify = (body: unknown, target: TestServer = server) => callJson(target, "POST", "/api/change/verify", body);
const login = (password: string) => callJson(server, "POST", "/api/login", { username: TEST_ADMIN.username, password });

async function resetTokenByMail(lang: "ro" | "en" = "ro"): Promise<string> {
  const response = await requestReset({ mail: TEST_ADMIN.email, lang });
  expect(response.status).toBe(204);
  return resetTokenOf(await smtp.nextMail(), PUBLIC_URL);
}

describe("the reset flow through a real SMTP server", () => {
  it("mails a Romanian link that sets a new password once and ends every session", async () => {
    const before = await loginAsAdmin(server);
    const response = await requestReset({ mail: `  ${TEST_ADMIN.email.toUpperCase()} `, lang: "ro" });
    expect(response.status).toBe(204);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual([TEST_ADMIN.email]);
    expect(mail.subject).toBe("Resetarea parolei de administrare");
    expect(mail.text).toContain("60 de minute");
    const token = resetTokenOf(mail, PUBLIC_URL);
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);

    const next = "Parola-resetata-1";
    const done = await verify({ newPassword: next, confirmPassword: next, token });
    expect(done.status).toBe(204);
    expect((await login(current)).status).toBe(401);
    current = next;
    expect((await login(current)).status).toBe(200);
    expect((await server.fetch("/api/me", { headers: authHeaders(before.token) })).status).toBe(401);
    expect((await callJson(server, "POST", "/api/token/refresh", { refreshToken: before.refreshToken })).status).toBe(
      401,
    );

    const again = await verify({ newPassword: "Alta-parola-2", confirmPassword: "Alta-parola-2", token });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual(errorBody("ERROR_RESET_TOKEN_INVALID"));
  });

  it("writes the message in English when asked", async () => {
    const response = await requestReset({ mail: TEST_ADMIN.email, lang: "en" });
    expect(response.status).toBe(204);
    const mail = await smtp.nextMail();
    expect(mail.subject).toBe("Resetting your admin password");
    expect(mail.text).toContain("within 60 minutes");
    resetTokenOf(mail, PUBLIC_URL);
  });

  it("answers an unknown address exactly as a known one and sends nothing", async () => {
    const outboxBefore = await server.services.db.selectFrom("mail_outbox").select("id").execute();
    const unknown = await requestReset({ mail: "nobody@utilaje.test", lang: "ro" });
    const known = await requestReset({ mail: TEST_ADMIN.email, lang: "ro" });
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());
    expect([...unknown.headers.keys()].filter((name) => name !== "date" && name !== "x-request-id")).toEqual(
      [...known.headers.keys()].filter((name) => name !== "date" && name !== "x-request-id"),
    );
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual([TEST_ADMIN.email]);
    const outboxAfter = await server.services.db.selectFrom("mail_outbox").select("id").execute();
    expect(outboxAfter.length - outboxBefore.length).toBe(1);
  });

  it("answers before the address is looked up, so a known one takes no longer than an unknown one", async () => {
    const outbox = async () => (await server.services.db.selectFrom("mail_outbox").select("id").execute()).length;
    const before = await outbox();
    const held: (() => Promise<unknown>)[] = [];
    const run = vi.spyOn(server.services.afterReply, "run").mockImplementation((_what, task) => void held.push(task));
    try {
      const response = await requestReset({ mail: TEST_ADMIN.email, lang: "ro" });
      expect(response.status).toBe(204);
      // Replied while the lookup and the mail were still to do.
      expect(held).toHaveLength(1);
      expect(await outbox()).toBe(before);
    } finally {
      run.mockRestore();
    }
    await held[0]();
    expect(await outbox()).toBe(before + 1);
    resetTokenOf(await smtp.nextMail(), PUBLIC_URL);
  });

  it("stores only the hash of the token, for 60 minutes", async () => {
    const token = await resetTokenByMail();
    const rows = await server.services.db
      .selectFrom("password_resets")
      .selectAll()
      .where("used_at", "is", null)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    const lifetime = Date.parse(rows[0].expires_at) - Date.parse(rows[0].created_at);
    expect(lifetime).toBe(60 * 60_000);
  });

  it("refuses an expired link", async () => {
    const token = await resetTokenByMail();
    await server.services.db
      .updateTable("password_resets")
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .execute();
    const response = await verify({ newPassword: "Parola-noua-9", confirmPassword: "Parola-noua-9", token });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(errorBody("ERROR_RESET_TOKEN_INVALID"));
  });

  it("keeps only the latest link working", async () => {
    const first = await resetTokenByMail();
    const second = await resetTokenByMail();
    const stale = await verify({ newPassword: "Parola-noua-9", confirmPassword: "Parola-noua-9", token: first });
    expect(stale.status).toBe(400);
    const next = "Parola-din-link-2";
    expect((await verify({ newPassword: next, confirmPassword: next, token: second })).status).toBe(204);
    current = next;
    expect((await login(current)).status).toBe(200);
  });

  it("retries a message the SMTP server refused, and delivers it once it accepts", async () => {
    smtp.refuse = true;
    const outbox = () =>
      server.services.db.selectFrom("mail_outbox").selectAll().where("sent_at", "is", null).execute();
    expect((await requestReset({ mail: TEST_ADMIN.email, lang: "ro" })).status).toBe(204);
    const failed = await vi.waitFor(async () => {
      const rows = await outbox();
      expect(rows).toHaveLength(1);
      expect(rows[0].attempts).toBe(1);
      expect(rows[0].last_error).toContain("451");
      return rows[0];
    });
    // The first retry waits 30 s; the test moves it to now instead of waiting.
    expect(Date.parse(failed.next_attempt_at) - Date.now()).toBeGreaterThan(20_000);
    smtp.refuse = false;
    await server.services.db
      .updateTable("mail_outbox")
      .set({ next_attempt_at: new Date().toISOString() })
      .where("id", "=", failed.id)
      .execute();
    server.services.mail.wake();
    resetTokenOf(await smtp.nextMail(), PUBLIC_URL);
    await vi.waitFor(async () => expect(await outbox()).toHaveLength(0));
  });
});

describe("validation", () => {
  it.each([
    ["{}", [{ msg: "REQUIRED_MAIL", path: "mail" }]],
    ["[]", [{ msg: "REQUIRED_MAIL", path: "mail" }]],
    ["null", [{ msg: "REQUIRED_MAIL", path: "mail" }]],
    ['""', [{ msg: "REQUIRED_MAIL", path: "mail" }]],
    ['{"mail": "   "}', [{ msg: "REQUIRED_MAIL", path: "mail" }]],
    [
      '{"mail": {}, "lang": []}',
      [
        { msg: "REQUIRED_MAIL", path: "mail" },
        { msg: "INVALID_LANG", path: "lang" },
      ],
    ],
    ['{"mail": "not-an-address", "lang": "ro"}', [{ msg: "INVALID_MAIL", path: "mail" }]],
    ['{"mail": "admin@utilaje.test", "lang": "de"}', [{ msg: "INVALID_LANG", path: "lang" }]],
  ])("POST /api/reset answers %s with its codes", async (body, errors) => {
    const response = await requestReset(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors });
  });

  it.each([["{}"], ["[]"], ["null"], ['""']])("POST /api/change/verify refuses a token that is %s", async (token) => {
    const response = await verify(
      `{"newPassword": "Parola-noua-1", "confirmPassword": "Parola-noua-1", "token": ${token}}`,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: [{ msg: "REQUIRED_RESET_TOKEN", path: "token" }] });
  });

  it.each([["{}"], ["[]"], ["null"], ['""'], ["7"]])(
    "POST /api/change/verify answers the body %s with every required code",
    async (body) => {
      const response = await verify(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        errors: [
          { msg: "REQUIRED_NEW_PASSWORD", path: "newPassword" },
          { msg: "REQUIRED_CONFIRM_PASSWORD", path: "confirmPassword" },
          { msg: "REQUIRED_RESET_TOKEN", path: "token" },
        ],
      });
    },
  );

  it("POST /api/change/verify checks the new password's length and its confirmation", async () => {
    const token = "x".repeat(43);
    const short = await verify({ newPassword: "short", confirmPassword: "short", token });
    expect(await short.json()).toEqual({ errors: [{ msg: "INVALID_PASSWORD_LENGTH", path: "newPassword" }] });
    const differs = await verify({ newPassword: "Parola-noua-1", confirmPassword: "Parola-noua-2", token });
    expect(differs.status).toBe(400);
    expect(await differs.json()).toEqual({
      errors: [{ msg: "ERROR_NEW_PASSWORD_INCORRECT", path: "confirmPassword" }],
    });
    const unknown = await verify({ newPassword: "Parola-noua-1", confirmPassword: "Parola-noua-1", token });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual(errorBody("ERROR_RESET_TOKEN_INVALID"));
  });

  it("POST /api/change/verify refuses a common password and keeps the link usable", async () => {
    const token = await resetTokenByMail();
    const common = await verify({ newPassword: "Password123", confirmPassword: "Password123", token });
    expect(common.status).toBe(400);
    expect(await common.json()).toEqual({ errors: [{ msg: "INVALID_PASSWORD_COMMON", path: "newPassword" }] });
    const next = "Parola-necomuna-7";
    expect((await verify({ newPassword: next, confirmPassword: next, token })).status).toBe(204);
    current = next;
    expect((await login(current)).status).toBe(200);
  });
});

describe("without SMTP_URL", () => {
  const offline = withTestServer({ ...limits, PUBLIC_URL });

  it("writes the message as an .eml file under DATA_DIR/outbox, whose link works", async () => {
    expect((await requestReset({ mail: TEST_ADMIN.email, lang: "en" }, offline.server)).status).toBe(204);
    const file = await vi.waitFor(() => {
      const files = emlFiles(offline.server.services.config.DATA_DIR);
      expect(files).toHaveLength(1);
      return files[0];
    });
    const mail = parseMessage(readFileSync(file, "utf8").replace(/\r?\n/g, "\r\n"), [TEST_ADMIN.email]);
    expect(mail.subject).toBe("Resetting your admin password");
    const token = resetTokenOf(mail, PUBLIC_URL);
    expect(
      (
        await verify(
          { newPassword: "Parola-din-fisier-1", confirmPassword: "Parola-din-fisier-1", token },
          offline.server,
        )
      ).status,
    ).toBe(204);
    const sent = await offline.server.services.db
      .selectFrom("mail_outbox")
      .select(["sent_at", "attempts", "text_body"])
      .executeTakeFirstOrThrow();
    expect(sent.sent_at).not.toBeNull();
    expect(sent.attempts).toBe(1);
    expect(sent.text_body).toBe(REMOVED_BODY);
    // Both databases: the message and its folder are the server's user's alone.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  });
});

describe("the outbox table", () => {
  // On PostgreSQL the tables live in PostgreSQL's own data directory, which PostgreSQL itself keeps
  // to its user; what this server writes to disk there too (the outbox's .eml files, above, and
  // backups, backup-restore.test.ts) is checked on both databases.
  if (process.env.TEST_DIALECT !== "postgres") {
    it("lives in SQLite files only the server's user may read: the database, its WAL and shared memory", () => {
      const file = path.join(server.services.config.DATA_DIR, SQLITE_FILE);
      for (const name of [file, `${file}-wal`, `${file}-shm`]) expect(statSync(name).mode & 0o777, name).toBe(0o600);
    });
  }

  it("keeps no usable link once a reset mail is sent", async () => {
    const token = await resetTokenByMail();
    const bodies = async () =>
      await server.services.db.selectFrom("mail_outbox").select(["text_body", "html_body", "sent_at"]).execute();
    // The row is marked sent just after the SMTP server accepted the message.
    await vi.waitFor(async () => expect((await bodies()).every((row) => row.sent_at !== null)).toBe(true));
    for (const row of await bodies()) {
      expect(row.text_body).not.toContain(token);
      expect(row.text_body).toBe(REMOVED_BODY);
      expect(row.html_body).toBeNull();
    }
  });

  it("deletes sent messages older than the retention, never unsent ones", async () => {
    const old = new Date(Date.now() - 31 * 24 * 3600_000);
    const row = (id: string, sentAt: string | null) => ({
      id,
      recipient: "x@utilaje.test",
      subject: "s",
      text_body: "t",
      html_body: null,
      next_attempt_at: new Date(Date.now() + 3600_000).toISOString(),
      sent_at: sentAt,
      last_error: null,
      created_at: old.toISOString(),
    });
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await server.services.db
      .insertInto("mail_outbox")
      .values([row(ids[0], old.toISOString()), row(ids[1], new Date().toISOString()), row(ids[2], null)])
      .execute();
    await pruneSentMail(
      server.services.db,
      new Date(Date.now() - server.services.config.MAIL_RETENTION_DAYS * 24 * 3600_000),
    );
    const left = await server.services.db.selectFrom("mail_outbox").select("id").where("id", "in", ids).execute();
    expect(left.map((entry) => entry.id).sort()).toEqual([ids[1], ids[2]].sort());
  });
});
