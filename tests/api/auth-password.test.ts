import { hashToken } from "../../server/auth/random-tokens.ts";
import { describe, expect, it } from "vitest";
import { authHeaders, callJson, type Session } from "../helpers/auth.ts";
import { errorBody } from "../helpers/error-body.ts";
import { withTestServer } from "../helpers/admin-server.ts";
import { TEST_ADMIN } from "../helpers/test-server.ts";

/** The admin's password as the tests change it. */
let current = TEST_ADMIN.password;

const site = withTestServer({ LOGIN_RATE_LIMIT: "1000" });

const login = (password: string) =>
  callJson(site.server, "POST", "/api/login", { username: TEST_ADMIN.username, password });
const change = (body: unknown, token: string) => callJson(site.server, "POST", "/api/change", body, token);

async function session(): Promise<Session> {
  const response = await login(current);
  expect(response.status).toBe(200);
  return (await response.json()) as Session;
}

/** Changes the password and checks the whole effect: new pair works, old sessions and password do not. */
async function changeTo(next: string): Promise<Session> {
  const before = await session();
  const response = await change({ oldPassword: current, newPassword: next, confirmPassword: next }, before.token);
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const after = (await response.json()) as Session;
  expect((await site.server.fetch("/api/me", { headers: authHeaders(after.token) })).status).toBe(200);
  expect((await site.server.fetch("/api/me", { headers: authHeaders(before.token) })).status).toBe(401);
  expect(
    (await callJson(site.server, "POST", "/api/token/refresh", { refreshToken: before.refreshToken })).status,
  ).toBe(401);
  expect((await login(current)).status).toBe(401);
  current = next;
  expect((await login(current)).status).toBe(200);
  await site.server.services.db.deleteFrom("login_clients").execute();
  return after;
}

describe("POST /api/change", () => {
  it("needs a token", async () => {
    const response = await change(
      { oldPassword: current, newPassword: "Alta-parola-1", confirmPassword: "Alta-parola-1" },
      "",
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(errorBody("ERROR_UNAUTHORIZED"));
  });

  it.each([
    ["{}"],
    ["[]"],
    ["null"],
    ['""'],
    ['{"oldPassword": {}, "newPassword": [], "confirmPassword": null}'],
    ['{"oldPassword": "", "newPassword": "", "confirmPassword": ""}'],
  ])("answers the body %s with the three required codes", async (body) => {
    const { token } = await session();
    const response = await change(body, token);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [
        { msg: "REQUIRED_OLD_PASSWORD", path: "oldPassword" },
        { msg: "REQUIRED_NEW_PASSWORD", path: "newPassword" },
        { msg: "REQUIRED_CONFIRM_PASSWORD", path: "confirmPassword" },
      ],
    });
  });

  it("requires 8 to 128 characters for the new password", async () => {
    const { token } = await session();
    for (const length of [1, 7, 129, 1000]) {
      const next = "a".repeat(length);
      const response = await change({ oldPassword: current, newPassword: next, confirmPassword: next }, token);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ errors: [{ msg: "INVALID_PASSWORD_LENGTH", path: "newPassword" }] });
    }
  });

  it("refuses a confirmation that differs with ERROR_NEW_PASSWORD_INCORRECT", async () => {
    const { token } = await session();
    const response = await change(
      { oldPassword: current, newPassword: "Parola-noua-1", confirmPassword: "Parola-noua-2" },
      token,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [{ msg: "ERROR_NEW_PASSWORD_INCORRECT", path: "confirmPassword" }],
    });
  });

  it("refuses a wrong current password with ERROR_OLD_PASSWORD_INCORRECT and changes nothing", async () => {
    const { token } = await session();
    const response = await change(
      { oldPassword: "not-the-password", newPassword: "Parola-noua-1", confirmPassword: "Parola-noua-1" },
      token,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: [{ msg: "ERROR_OLD_PASSWORD_INCORRECT", path: "oldPassword" }] });
    expect((await site.server.fetch("/api/me", { headers: authHeaders(token) })).status).toBe(200);
    expect((await login(current)).status).toBe(200);
  });

  it("refuses a common password with INVALID_PASSWORD_COMMON, in any case", async () => {
    const { token } = await session();
    for (const common of ["password1", "PASSWORD1", "qwertyuiop"]) {
      const response = await change({ oldPassword: current, newPassword: common, confirmPassword: common }, token);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ errors: [{ msg: "INVALID_PASSWORD_COMMON", path: "newPassword" }] });
    }
    expect((await login(current)).status).toBe(200);
  });

  it("ends the reset links mailed before the change", async () => {
    const token = "link-mailed-before-the-change";
    const now = new Date();
    await site.server.services.db
      .insertInto("password_resets")
      .values({
        id: crypto.randomUUID(),
        user_id: (await site.server.services.db.selectFrom("users").select("id").executeTakeFirstOrThrow()).id,
        token_hash: hashToken(token),
        expires_at: new Date(now.getTime() + 3600_000).toISOString(),
        used_at: null,
        created_at: now.toISOString(),
      })
      .execute();
    await changeTo("Parola-dupa-link-1");
    const replaced = await callJson(site.server, "POST", "/api/change/verify", {
      token,
      newPassword: "Parola-atacator-1",
      confirmPassword: "Parola-atacator-1",
    });
    expect(replaced.status).toBe(400);
    expect(await replaced.json()).toEqual(errorBody("ERROR_RESET_TOKEN_INVALID"));
    expect((await login(current)).status).toBe(200);
  });

  it("counts wrong current passwords toward the lockout: the 6th attempt is refused 429, login too", async () => {
    const { token } = await session();
    const wrong = () =>
      change(
        { oldPassword: "not-the-password", newPassword: "Parola-noua-9", confirmPassword: "Parola-noua-9" },
        token,
      );
    for (let attempt = 1; attempt <= 5; attempt++) expect((await wrong()).status).toBe(400);
    const locked = await change(
      { oldPassword: current, newPassword: "Parola-noua-9", confirmPassword: "Parola-noua-9" },
      token,
    );
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual(errorBody("ERROR_TOO_MANY_REQUESTS"));
    expect((await login(current)).status).toBe(401);
    await site.server.services.db.deleteFrom("login_clients").execute();
    expect((await login(current)).status).toBe(200);
  });

  it("changes the password, ends every earlier session and answers a fresh pair", async () => {
    await changeTo("Parola-noua-1");
  });

  it("accepts exactly 8 and exactly 128 characters, and any Unicode", async () => {
    await changeTo("8c-Jx4!q");
    await changeTo("Parolă-ș€cretă-🔑");
    await changeTo("p".repeat(127) + "!");
  });

  it("does not truncate: the 128-character password without its last character is wrong", async () => {
    expect(current).toHaveLength(128);
    expect((await login(current.slice(0, 127))).status).toBe(401);
    expect((await login(current.slice(0, 72))).status).toBe(401);
    expect((await login(current)).status).toBe(200);
  });
});
