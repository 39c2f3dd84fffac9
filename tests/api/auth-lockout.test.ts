import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hashPassword } from "../../server/auth/passwords.ts";
import { insertUser, newUserRow } from "../../server/db/repositories/users.ts";
import { callJson } from "../helpers/auth.ts";
import { errorBody } from "../helpers/error-body.ts";
import { rawRequest } from "../helpers/raw-request.ts";
import { withTestServer } from "../helpers/admin-server.ts";
import { startTestServer, TEST_ADMIN, type TestServer } from "../helpers/test-server.ts";

// The per-IP limit is raised here so that only the account lockout is at work.
const site = withTestServer({ LOGIN_RATE_LIMIT: "1000" });
afterEach(() => {
  vi.restoreAllMocks();
});

const login = (username: string, password: string) =>
  callJson(site.server, "POST", "/api/login", { username, password });

/** A fresh account per test, so lockouts do not leak from one test into the next. */
async function newUser(password = "Parola-corecta-1"): Promise<{ username: string; password: string }> {
  const username = `user-${randomUUID().slice(0, 8)}`;
  await insertUser(
    site.server.services.db,
    newUserRow({
      id: randomUUID(),
      username,
      email: `${username}@utilaje.test`,
      password_hash: await hashPassword(password),
    }),
  );
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

/** A login from another address of 127.0.0.0/8: a client other than the tests' 127.0.0.1. */
async function loginFrom(address: string, username: string, password: string): Promise<Response> {
  const reply = await rawRequest(site.server.url, "/api/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
    localAddress: address,
  });
  return new Response(reply.body.toString(), { status: reply.status });
}

const clientRows = (username: string) =>
  site.server.services.db
    .selectFrom("login_clients")
    .innerJoin("users", "users.id", "login_clients.user_id")
    .select(["login_clients.client", "login_clients.attempts", "login_clients.window_start"])
    .where("users.username", "=", username)
    .execute();

describe("login limits (decision 053)", () => {
  it("refuses an address after its 5 failures on an account, the right password included", async () => {
    const user = await newUser();
    const log = loggedOutcomes();
    for (let i = 0; i < 5; i += 1) await expectRefused(await login(user.username, "wrong-password"));
    await expectRefused(await login(user.username, user.password));
    expect(log.outcomes).toEqual([
      "wrong_password",
      "wrong_password",
      "wrong_password",
      "wrong_password",
      "wrong_password",
      "locked",
    ]);
  });

  it("lets the owner in from an address that has not been failing, while a stranger's address is refused", async () => {
    const user = await newUser();
    for (let i = 0; i < 5; i += 1) await expectRefused(await loginFrom("127.0.0.2", user.username, "wrong-password"));
    await expectRefused(await loginFrom("127.0.0.2", user.username, user.password));
    expect((await loginFrom("127.0.0.3", user.username, user.password)).status).toBe(200);
    // Guessing on and on from the stranger's address changes nothing for the owner.
    for (let i = 0; i < 10; i += 1) await expectRefused(await loginFrom("127.0.0.2", user.username, "wrong-password"));
    expect((await loginFrom("127.0.0.3", user.username, user.password)).status).toBe(200);
  });

  it("holds under 100 parallel wrong logins: at most 5 are checked, the rest refused unchecked", async () => {
    const user = await newUser();
    const log = loggedOutcomes();
    const responses = await Promise.all(Array.from({ length: 100 }, () => login(user.username, "wrong-password")));
    for (const response of responses) await expectRefused(response);
    const outcomes = log.outcomes;
    expect(outcomes).toHaveLength(100);
    expect(outcomes.filter((outcome) => outcome === "wrong_password").length).toBeLessThanOrEqual(5);
    expect(outcomes.filter((outcome) => outcome === "locked").length).toBeGreaterThanOrEqual(95);
  });

  it("checks at most 50 passwords an hour from addresses that never logged in, however many they are; the owner's address still gets in", async () => {
    const user = await newUser();
    // The owner logged in once from their usual address.
    expect((await loginFrom("127.0.0.20", user.username, user.password)).status).toBe(200);
    const log = loggedOutcomes();
    // Twelve strangers, 5 guesses each: 60 attempts.
    const strangers = Array.from({ length: 12 }, (_, index) => `127.0.1.${index + 1}`);
    await Promise.all(
      strangers.map(async (address) => {
        for (let i = 0; i < 5; i += 1) await expectRefused(await loginFrom(address, user.username, "wrong-password"));
      }),
    );
    expect(log.outcomes.filter((outcome) => outcome === "wrong_password")).toHaveLength(50);
    // A new address is refused unchecked for the rest of the hour, whatever it sends...
    await expectRefused(await loginFrom("127.0.2.1", user.username, user.password));
    expect(log.outcomes.at(-1)).toBe("locked");
    // ...while the owner's own address is not.
    expect((await loginFrom("127.0.0.20", user.username, user.password)).status).toBe(200);
  });

  it("checks at most 100 passwords an hour on an account, counting every address", async () => {
    const user = await newUser();
    expect((await loginFrom("127.0.0.30", user.username, user.password)).status).toBe(200);
    // The hour's budget as 99 attempts had left it.
    await site.server.services.db
      .updateTable("login_clients")
      .set({ attempts: 99, window_start: new Date().toISOString() })
      .where("client", "=", "*")
      .where("user_id", "=", (eb) => eb.selectFrom("users").select("id").where("username", "=", user.username))
      .execute();
    await expectRefused(await loginFrom("127.0.0.30", user.username, "wrong-password"));
    await expectRefused(await loginFrom("127.0.0.30", user.username, user.password));
    const log = loggedOutcomes();
    await expectRefused(await loginFrom("127.0.0.30", user.username, user.password));
    expect(log.outcomes).toEqual(["locked"]);
  });

  it("gives an address 5 more attempts once its 15 minutes have passed, and a success clears its failures", async () => {
    const user = await newUser();
    for (let i = 0; i < 5; i += 1) await expectRefused(await login(user.username, "wrong-password"));
    await expectRefused(await login(user.username, user.password));
    // Sixteen minutes later, as the database sees it.
    const sixteenMinutesAgo = new Date(Date.now() - 16 * 60_000).toISOString();
    const rows = await clientRows(user.username);
    expect(rows.map((row) => [row.client, row.attempts]).sort()).toEqual([
      ["*", 5],
      ["127.0.0.1", 5],
    ]);
    await site.server.services.db
      .updateTable("login_clients")
      .set({ window_start: sixteenMinutesAgo })
      .where("client", "=", "127.0.0.1")
      .execute();
    for (let i = 0; i < 4; i += 1) await expectRefused(await login(user.username, "wrong-password"));
    expect((await login(user.username, user.password)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) await expectRefused(await login(user.username, "wrong-password"));
    expect((await login(user.username, user.password)).status).toBe(200);
  });

  it("logs every attempt with its outcome, never the user name typed (it may be a password) nor the password", async () => {
    const user = await newUser();
    const log = loggedOutcomes();
    await login(user.username, "a-wrong-secret-123");
    await login("nobody-here", "another-secret-456");
    await login(user.username, user.password);
    expect(log.outcomes).toEqual(["wrong_password", "unknown_user", "success"]);
    expect(log.logged).not.toContain(user.username);
    expect(log.logged).not.toContain("nobody-here");
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
    // Interleaved, so both see the same load of the machine; 4 wrong passwords stay under the limit.
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
    const login = await callJson(limited.server, "POST", "/api/login", {
      username: TEST_ADMIN.username,
      password: TEST_ADMIN.password,
    });
    const { token } = (await login.json()) as { token: string };
    const wrong = { oldPassword: "not-the-password", newPassword: "Parola-noua-1", confirmPassword: "Parola-noua-1" };
    for (let i = 0; i < 3; i += 1)
      expect((await callJson(limited.server, "POST", "/api/change", wrong, token)).status).toBe(400);
    await expectThrottled(await callJson(limited.server, "POST", "/api/change", wrong, token));
  });

  it("does not count successful logins", async () => {
    for (let i = 0; i < 6; i += 1) {
      const response = await callJson(limited.server, "POST", "/api/login", {
        username: TEST_ADMIN.username,
        password: TEST_ADMIN.password,
      });
      expect(response.status).toBe(200);
    }
  });

  it("answers 429 on /login once an address has used up its failures, even with the right password", async () => {
    for (let i = 0; i < 3; i += 1) {
      await expectRefused(
        await callJson(limited.server, "POST", "/api/login", { username: "someone", password: "wrong-password" }),
      );
    }
    await expectThrottled(
      await callJson(limited.server, "POST", "/api/login", { username: "someone", password: "wrong-password" }),
    );
    await expectThrottled(
      await callJson(limited.server, "POST", "/api/login", {
        username: TEST_ADMIN.username,
        password: TEST_ADMIN.password,
      }),
    );
  });

  it("answers 429 on /reset and on /change/verify beyond their allowance", async () => {
    for (let i = 0; i < 2; i += 1) {
      expect(
        (await callJson(limited.server, "POST", "/api/reset", { mail: "nobody@utilaje.test", lang: "ro" })).status,
      ).toBe(204);
    }
    await expectThrottled(
      await callJson(limited.server, "POST", "/api/reset", { mail: "nobody@utilaje.test", lang: "ro" }),
    );
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
      expect(
        [await guess(proxied, "2001:db8:1:2::1"), await guess(proxied, "2001:db8:1:2::2")].map((reply) => reply.status),
      ).toEqual([401, 401]);
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
