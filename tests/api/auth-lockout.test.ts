import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hashPassword } from "../../server/auth/passwords.ts";
import { insertUser, newUserRow } from "../../server/db/repositories/users.ts";
import { callJson } from "../helpers/auth.ts";
import { errorBody } from "../helpers/error-body.ts";
import { withTestServer } from "../helpers/admin-server.ts";
import { startTestServer, TEST_ADMIN, type TestServer } from "../helpers/test-server.ts";

// The per-IP limit is raised here so that only the account lockout is at work.
const site = withTestServer({ LOGIN_RATE_LIMIT: "1000" });
afterEach(() => {
  vi.restoreAllMocks();
});

const login = (username: string, password: string) => callJson(site.server, "POST", "/api/login", { username, password });

/** A fresh account per test, so lockouts do not leak from one test into the next. */
async function newUser(password = "Parola-corecta-1"): Promise<{ username: string; password: string }> {
  const username = `user-${randomUUID().slice(0, 8)}`;
  await insertUser(site.server.services.db, newUserRow({ id: randomUUID(), username, email: `${username}@utilaje.test`, password_hash: await hashPassword(password) }));
  return { username, password };
}

/** The outcomes the server logged for login attempts, in order. */
function loggedOutcomes(): { outcomes: string[]; logged: string } {
  const spy = vi.spyOn(site.server.services.logger, "info");
  return {
    get outcomes() {
      return spy.mock.calls
        .filter((call) => call[1] === "login attempt")
        .map((call) => (call[0] as { outcome: string }).outcome);
    },
    get logged() {
      return JSON.stringify(spy.mock.calls);
    },
  };
}

async function expectRefused(response: Response): Promise<void> {
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual(errorBody("USER_LOGIN_FAILED"));
}

describe("account lockout", () => {
  it("locks the account after 5 failures; then the right password is refused the same way", async () => {
    const user = await newUser();
    const log = loggedOutcomes();
    for (let i = 0; i < 5; i += 1) await expectRefused(await login(user.username, "wrong-password"));
    await expectRefused(await login(user.username, user.password));
    expect(log.outcomes).toEqual(["wrong_password", "wrong_password", "wrong_password", "wrong_password", "wrong_password", "locked"]);
  });

  it("holds under 100 parallel wrong logins: at most 5 are checked, the rest refused as locked", async () => {
    const user = await newUser();
    const log = loggedOutcomes();
    const responses = await Promise.all(Array.from({ length: 100 }, () => login(user.username, "wrong-password")));
    for (const response of responses) await expectRefused(response);
    const outcomes = log.outcomes;
    expect(outcomes).toHaveLength(100);
    expect(outcomes.filter((outcome) => outcome === "wrong_password").length).toBeLessThanOrEqual(5);
    expect(outcomes.filter((outcome) => outcome === "locked").length).toBeGreaterThanOrEqual(95);
    await expectRefused(await login(user.username, user.password));
    expect(log.outcomes.at(-1)).toBe("locked");
  });

  it("lets the right password in again once the 15 minutes have passed", async () => {
    const user = await newUser();
    for (let i = 0; i < 5; i += 1) await expectRefused(await login(user.username, "wrong-password"));
    const row = await site.server.services.db.selectFrom("users").select("locked_until").where("username", "=", user.username).executeTakeFirstOrThrow();
    const lockedFor = Date.parse(row.locked_until ?? "") - Date.now();
    expect(lockedFor).toBeGreaterThan(14 * 60_000);
    expect(lockedFor).toBeLessThanOrEqual(15 * 60_000);
    // Fifteen minutes later, as the database sees it.
    await site.server.services.db.updateTable("users").set({ locked_until: new Date(Date.now() - 1).toISOString() }).where("username", "=", user.username).execute();
    expect((await login(user.username, user.password)).status).toBe(200);
  });

  it("counts failures within 15 minutes only, and a success clears them", async () => {
    const user = await newUser();
    for (let i = 0; i < 4; i += 1) await expectRefused(await login(user.username, "wrong-password"));
    const sixteenMinutesAgo = new Date(Date.now() - 16 * 60_000).toISOString();
    await site.server.services.db.updateTable("users").set({ failed_window_start: sixteenMinutesAgo }).where("username", "=", user.username).execute();
    for (let i = 0; i < 4; i += 1) await expectRefused(await login(user.username, "wrong-password"));
    expect((await login(user.username, user.password)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) await expectRefused(await login(user.username, "wrong-password"));
    expect((await login(user.username, user.password)).status).toBe(200);
  });

  it("logs every attempt with its outcome and the user name, never the password", async () => {
    const user = await newUser();
    const log = loggedOutcomes();
    await login(user.username, "a-wrong-secret-123");
    await login("nobody-here", "another-secret-456");
    await login(user.username, user.password);
    expect(log.outcomes).toEqual(["wrong_password", "unknown_user", "success"]);
    expect(log.logged).toContain(user.username);
    expect(log.logged).not.toContain("a-wrong-secret-123");
    expect(log.logged).not.toContain("another-secret-456");
    expect(log.logged).not.toContain(user.password);
  });

  it("takes about as long for an unknown user as for a wrong password", async () => {
    const user = await newUser();
    const time = async (username: string) => {
      const started = performance.now();
      await expectRefused(await login(username, "wrong-password"));
      return performance.now() - started;
    };
    // Interleaved, so both see the same load of the machine; 4 wrong passwords stay under the lockout.
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      wrong.push(await time(user.username));
      unknown.push(await time("nobody-at-all"));
    }
    const median = (times: number[]) => times.sort((a, b) => a - b)[2];
    // Without the dummy hash an unknown name answers in about a millisecond, tens of times faster.
    expect(median(unknown) / median(wrong), JSON.stringify({ wrong, unknown })).toBeGreaterThan(0.3);
  });
});

describe("per-IP rate limits", () => {
  const limited = withTestServer({ LOGIN_RATE_LIMIT: "3", RESET_RATE_LIMIT: "2" });

  async function expectThrottled(response: Response): Promise<void> {
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await response.json()).toEqual(errorBody("ERROR_TOO_MANY_REQUESTS"));
  }

  it("answers 429 on /change once an address has used up its failed password changes", async () => {
    const login = await callJson(limited.server, "POST", "/api/login", { username: TEST_ADMIN.username, password: TEST_ADMIN.password });
    const { token } = (await login.json()) as { token: string };
    const wrong = { oldPassword: "not-the-password", newPassword: "Parola-noua-1", confirmPassword: "Parola-noua-1" };
    for (let i = 0; i < 3; i += 1) expect((await callJson(limited.server, "POST", "/api/change", wrong, token)).status).toBe(400);
    await expectThrottled(await callJson(limited.server, "POST", "/api/change", wrong, token));
  });

  it("does not count successful logins", async () => {
    for (let i = 0; i < 6; i += 1) {
      const response = await callJson(limited.server, "POST", "/api/login", { username: TEST_ADMIN.username, password: TEST_ADMIN.password });
      expect(response.status).toBe(200);
    }
  });

  it("answers 429 on /login once an address has used up its failures, even with the right password", async () => {
    for (let i = 0; i < 3; i += 1) {
      await expectRefused(await callJson(limited.server, "POST", "/api/login", { username: "someone", password: "wrong-password" }));
    }
    await expectThrottled(await callJson(limited.server, "POST", "/api/login", { username: "someone", password: "wrong-password" }));
    await expectThrottled(await callJson(limited.server, "POST", "/api/login", { username: TEST_ADMIN.username, password: TEST_ADMIN.password }));
  });

  it("answers 429 on /reset and on /change/verify beyond their allowance", async () => {
    for (let i = 0; i < 2; i += 1) {
      expect((await callJson(limited.server, "POST", "/api/reset", { mail: "nobody@utilaje.test", lang: "ro" })).status).toBe(204);
    }
    await expectThrottled(await callJson(limited.server, "POST", "/api/reset", { mail: "nobody@utilaje.test", lang: "ro" }));
    const verify = { newPassword: "Parola-noua-1", confirmPassword: "Parola-noua-1", token: "unknown-token" };
    for (let i = 0; i < 2; i += 1) {
      const response = await callJson(limited.server, "POST", "/api/change/verify", verify);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(errorBody("ERROR_RESET_TOKEN_INVALID"));
    }
    await expectThrottled(await callJson(limited.server, "POST", "/api/change/verify", verify));
  });
});

describe("behind a reverse proxy (TRUST_PROXY)", () => {
  const guess = (target: TestServer, forwardedFor?: string) =>
    target.fetch("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(forwardedFor ? { "X-Forwarded-For": forwardedFor } : {}) },
      body: JSON.stringify({ username: "someone", password: "wrong-password" }),
    });

  it("limits each client by its forwarded address when the proxy is trusted, ignoring what clients write", async () => {
    // The tests' requests come from 127.0.0.1: here, the proxy.
    for (const trust of ["1", "127.0.0.1"]) {
      const proxied = await startTestServer({ LOGIN_RATE_LIMIT: "2", TRUST_PROXY: trust });
      try {
        for (let i = 0; i < 2; i += 1) expect((await guess(proxied, "198.51.100.1")).status).toBe(401);
        expect((await guess(proxied, "198.51.100.1")).status, trust).toBe(429);
        // Another visitor behind the same proxy is not locked out by the first one's guesses.
        expect((await guess(proxied, "198.51.100.2")).status, trust).toBe(401);
        // A client writing its own header cannot step out of its limit: the proxy appends the real address.
        expect((await guess(proxied, "203.0.113.9, 198.51.100.1")).status, trust).toBe(429);
      } finally {
        await proxied.close();
      }
    }
  });

  it("counts the addresses of one IPv6 /64 as one client: rotating inside it is refused, another /64 is not", async () => {
    const proxied = await startTestServer({ LOGIN_RATE_LIMIT: "2", TRUST_PROXY: "1" });
    try {
      expect([await guess(proxied, "2001:db8:1:2::1"), await guess(proxied, "2001:db8:1:2::2")].map((reply) => reply.status)).toEqual([401, 401]);
      expect((await guess(proxied, "2001:db8:1:2:a:b:c:d")).status).toBe(429);
      expect((await guess(proxied, "2001:db8:1:3::1")).status).toBe(401);
    } finally {
      await proxied.close();
    }
  });

  it("ignores X-Forwarded-For when no proxy is trusted (the default) or the peer is not a trusted one", async () => {
    for (const env of [{}, { TRUST_PROXY: "10.0.0.0/8" }] as Record<string, string>[]) {
      const direct = await startTestServer({ LOGIN_RATE_LIMIT: "2", ...env });
      try {
        expect((await guess(direct, "198.51.100.1")).status).toBe(401);
        expect((await guess(direct, "198.51.100.2")).status).toBe(401);
        expect((await guess(direct, "198.51.100.3")).status).toBe(429);
      } finally {
        await direct.close();
      }
    }
  });
});
