import { decodeJwt, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { authHeaders, callJson, loginAsAdmin, type Session } from "../helpers/auth.ts";
import { errorBody } from "../helpers/error-body.ts";
import { withTestServer } from "../helpers/admin-server.ts";
import { startTestServer, TEST_ADMIN } from "../helpers/test-server.ts";

const site = withTestServer();

const me = (token: string) => site.server.fetch("/api/me", { headers: authHeaders(token) });
const refresh = (refreshToken: string, user: unknown = TEST_ADMIN.username) =>
  callJson(site.server, "POST", "/api/token/refresh", { user, refreshToken });
const secret = () => new TextEncoder().encode(site.server.services.config.JWT_SECRET);

async function expectUnauthorized(response: Response): Promise<void> {
  expect(response.status).toBe(401);
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(await response.json()).toEqual(errorBody("ERROR_UNAUTHORIZED"));
}

describe("POST /api/login", () => {
  it("answers a token pair: an HS256 access JWT with sub, iat, exp and type, and an opaque refresh token", async () => {
    const response = await callJson(site.server, "POST", "/api/login", {
      username: TEST_ADMIN.username,
      password: TEST_ADMIN.password,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const session = (await response.json()) as Session;
    expect(Object.keys(session).sort()).toEqual(["refreshToken", "token"]);
    const header = JSON.parse(Buffer.from(session.token.split(".")[0], "base64url").toString()) as Record<
      string,
      unknown
    >;
    expect(header.alg).toBe("HS256");
    const claims = decodeJwt(session.token);
    expect(claims.typ).toBe("access");
    expect(typeof claims.sub).toBe("string");
    expect(Number(claims.exp) - Number(claims.iat)).toBe(site.server.services.config.ACCESS_TOKEN_TTL);
    // 32 random bytes in base64url: 256 bits, not a JWT.
    expect(session.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await me(session.token)).status).toBe(200);
  });

  it("accepts the user name in any case and with spaces around it", async () => {
    const response = await callJson(site.server, "POST", "/api/login", {
      username: `  ${TEST_ADMIN.username.toUpperCase()} `,
      password: TEST_ADMIN.password,
    });
    expect(response.status).toBe(200);
  });

  it("refuses a wrong password and an unknown user with the same status and body", async () => {
    const wrong = await callJson(site.server, "POST", "/api/login", {
      username: TEST_ADMIN.username,
      password: "not-the-password",
    });
    const unknown = await callJson(site.server, "POST", "/api/login", {
      username: "nobody",
      password: TEST_ADMIN.password,
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(errorBody("USER_LOGIN_FAILED"));
    expect(await unknown.json()).toEqual(errorBody("USER_LOGIN_FAILED"));
    // The wrong attempt above must not lock the account for the other tests.
    await site.server.services.db.deleteFrom("login_clients").execute();
  });

  it("requires both fields, with their codes", async () => {
    const response = await callJson(site.server, "POST", "/api/login", { username: " ", password: "" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [
        { msg: "REQUIRED_USERNAME", path: "username" },
        { msg: "REQUIRED_PASSWORD", path: "password" },
      ],
    });
  });

  it.each([
    ["{}"],
    ["[]"],
    ["null"],
    ['""'],
    ["42"],
    ['{"username": {}, "password": []}'],
    ['{"username": null, "password": 5}'],
  ])("answers the body %s with the required codes, never a 500", async (body) => {
    const response = await callJson(site.server, "POST", "/api/login", body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [
        { msg: "REQUIRED_USERNAME", path: "username" },
        { msg: "REQUIRED_PASSWORD", path: "password" },
      ],
    });
  });

  it("answers a body that is not JSON with 400 ERROR_BAD_REQUEST", async () => {
    const response = await callJson(site.server, "POST", "/api/login", "{username:");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(errorBody("ERROR_BAD_REQUEST"));
  });

  it("refuses a body over 64 KB before reading it", async () => {
    const response = await callJson(site.server, "POST", "/api/login", {
      username: TEST_ADMIN.username,
      password: "x".repeat(70_000),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(errorBody("ERROR_PAYLOAD_TOO_LARGE"));
  });
});

describe("the bearer guard", () => {
  it("refuses a call without a token, with another scheme or with garbage", async () => {
    await expectUnauthorized(await site.server.fetch("/api/me"));
    await expectUnauthorized(
      await site.server.fetch("/api/me", { headers: { Authorization: "Basic YWRtaW46YWRtaW4=" } }),
    );
    await expectUnauthorized(await site.server.fetch("/api/me", { headers: { Authorization: "Bearer" } }));
    await expectUnauthorized(await me("a.b.c"));
  });

  it("refuses a tampered token", async () => {
    const { token } = await loginAsAdmin(site.server);
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, exp: (claims.exp as number) + 3600 })).toString("base64url");
    await expectUnauthorized(await me(`${header}.${forged}.${signature}`));
    const flipped = signature.startsWith("A") ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    await expectUnauthorized(await me(`${header}.${payload}.${flipped}`));
  });

  it("refuses an expired token signed with the right secret", async () => {
    const { token } = await loginAsAdmin(site.server);
    const claims = decodeJwt(token);
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = await new SignJWT({ ...claims, iat_ms: Number(claims.iat_ms) })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt(past)
      .setExpirationTime(past + 3600)
      .sign(secret());
    await expectUnauthorized(await me(expired));
  });

  it("refuses alg:none and algorithms off the allowlist", async () => {
    const { token } = await loginAsAdmin(site.server);
    const payload = token.split(".")[1];
    const none = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    await expectUnauthorized(await me(`${none}.${payload}.`));
    await expectUnauthorized(await me(`${none}.${payload}.AAAA`));
    const hs512 = await new SignJWT(decodeJwt(token)).setProtectedHeader({ alg: "HS512" }).sign(secret());
    await expectUnauthorized(await me(hs512));
  });

  it("refuses a refresh token as an access token, and an access token as a refresh token", async () => {
    const session = await loginAsAdmin(site.server);
    await expectUnauthorized(await me(session.refreshToken));
    await expectUnauthorized(await refresh(session.token));
  });

  it("refuses a well-signed token that is not of the access type or lacks a claim", async () => {
    const { token } = await loginAsAdmin(site.server);
    const claims = decodeJwt(token);
    const sign = (payload: Record<string, unknown>) =>
      new SignJWT(payload).setProtectedHeader({ alg: "HS256" }).sign(secret());
    expect((await me(await sign(claims))).status).toBe(200);
    await expectUnauthorized(await me(await sign({ ...claims, typ: "refresh" })));
    await expectUnauthorized(await me(await sign({ ...claims, typ: undefined })));
    await expectUnauthorized(await me(await sign({ ...claims, exp: undefined })));
    await expectUnauthorized(await me(await sign({ ...claims, sub: "6f1c2f5e-8d4b-4c55-9f1a-2b3c4d5e6f70" })));
  });

  it("carries iss and aud, and refuses a token of another issuer or audience, or without them", async () => {
    const { token } = await loginAsAdmin(site.server);
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ iss: "utilaje", aud: "utilaje-admin-api" });
    const sign = (payload: Record<string, unknown>) =>
      new SignJWT(payload).setProtectedHeader({ alg: "HS256" }).sign(secret());
    await expectUnauthorized(await me(await sign({ ...claims, iss: "someone-else" })));
    await expectUnauthorized(await me(await sign({ ...claims, aud: "another-api" })));
    await expectUnauthorized(await me(await sign({ ...claims, iss: undefined })));
    await expectUnauthorized(await me(await sign({ ...claims, aud: undefined })));
  });

  it("answers an accepted call with Cache-Control: no-store", async () => {
    const { token } = await loginAsAdmin(site.server);
    const response = await me(token);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    // Spec §7's two fields, then the name and role the team added (decision 091).
    expect(await response.json()).toEqual({
      username: TEST_ADMIN.username,
      email: TEST_ADMIN.email,
      name: TEST_ADMIN.username,
      role: "administrator",
    });
  });
});

describe("POST /api/token/refresh", () => {
  it("rotates: a new pair in the same session, the old refresh token spent", async () => {
    const first = await loginAsAdmin(site.server);
    const response = await refresh(first.refreshToken);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const second = (await response.json()) as Session;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(decodeJwt(second.token).sid).toBe(decodeJwt(first.token).sid);
    expect((await me(second.token)).status).toBe(200);
    expect((await refresh(second.refreshToken)).status).toBe(200);
  });

  it("treats a replayed refresh token as theft: the whole session is revoked, other sessions live on", async () => {
    const other = await loginAsAdmin(site.server);
    const first = await loginAsAdmin(site.server);
    const second = (await (await refresh(first.refreshToken)).json()) as Session;
    await expectUnauthorized(await refresh(first.refreshToken));
    await expectUnauthorized(await refresh(second.refreshToken));
    await expectUnauthorized(await me(second.token));
    await expectUnauthorized(await me(first.token));
    expect((await me(other.token)).status).toBe(200);
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  it("lets exactly one of two parallel refreshes with the same token win", async () => {
    const session = await loginAsAdmin(site.server);
    const statuses = (await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)])).map(
      (r) => r.status,
    );
    expect(statuses.sort()).toEqual([200, 401]);
  });

  it("ignores the user field: the refresh token alone decides", async () => {
    const session = await loginAsAdmin(site.server);
    expect((await refresh(session.refreshToken, "someone-else")).status).toBe(200);
    const again = await loginAsAdmin(site.server);
    expect((await refresh(again.refreshToken, { not: "a string" })).status).toBe(200);
  });

  it("never carries a session past SESSION_MAX_AGE after its login, however often it is refreshed", async () => {
    const short = await startTestServer({ REFRESH_TOKEN_TTL: "3600", SESSION_MAX_AGE: "7200" });
    try {
      const login = (await (
        await callJson(short, "POST", "/api/login", { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
      ).json()) as Session;
      const rows = () =>
        short.services.db
          .selectFrom("refresh_tokens")
          .select(["created_at", "expires_at"])
          .orderBy("created_at")
          .execute();
      const [first] = await rows();
      expect(Date.parse(first.expires_at) - Date.parse(first.created_at)).toBe(3600_000);
      // The login happened 6000 s ago: the next token may live only the 1200 s the session has left.
      const loginAt = new Date(Date.now() - 6000_000).toISOString();
      await short.services.db.updateTable("refresh_tokens").set({ created_at: loginAt }).execute();
      const next = await callJson(short, "POST", "/api/token/refresh", { refreshToken: login.refreshToken });
      expect(next.status).toBe(200);
      const latest = (await rows()).at(-1);
      expect(Date.parse(latest?.expires_at ?? "")).toBe(Date.parse(loginAt) + 7200_000);
      // The access token ends with the session too, not ACCESS_TOKEN_TTL (3600 s) after it was issued.
      const { token } = (await next.json()) as Session;
      expect(decodeJwt(token).exp).toBe(Math.floor((Date.parse(loginAt) + 7200_000) / 1000));
      expect((await short.fetch("/api/me", { headers: authHeaders(token) })).status).toBe(200);
    } finally {
      await short.close();
    }
  });

  it("refuses an unknown or expired refresh token", async () => {
    await expectUnauthorized(await refresh("x".repeat(43)));
    const session = await loginAsAdmin(site.server);
    await site.server.services.db
      .updateTable("refresh_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    await expectUnauthorized(await refresh(session.refreshToken));
  });

  it.each([
    ["{}"],
    ["[]"],
    ["null"],
    ['""'],
    ['{"refreshToken": {}}'],
    ['{"refreshToken": []}'],
    ['{"refreshToken": null}'],
    ['{"refreshToken": ""}'],
  ])("answers the body %s with REQUIRED_REFRESH_TOKEN", async (body) => {
    const response = await callJson(site.server, "POST", "/api/token/refresh", body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: [{ msg: "REQUIRED_REFRESH_TOKEN", path: "refreshToken" }] });
  });
});

describe("revocation", () => {
  it("POST /api/token/reject ends the session of its token only: its refresh and access tokens", async () => {
    const a = await loginAsAdmin(site.server);
    const b = await loginAsAdmin(site.server);
    const response = await callJson(site.server, "POST", "/api/token/reject", { refreshToken: a.refreshToken });
    expect(response.status).toBe(204);
    await expectUnauthorized(await refresh(a.refreshToken));
    await expectUnauthorized(await me(a.token));
    expect((await me(b.token)).status).toBe(200);
    expect((await refresh(b.refreshToken)).status).toBe(200);
  });

  it("POST /api/token/reject does nothing with a token that is no longer current", async () => {
    const first = await loginAsAdmin(site.server);
    const rotated = (await (await refresh(first.refreshToken)).json()) as Session;
    // The spent token (a thief's copy, say) cannot end the session of whoever holds its successor.
    expect(
      (await callJson(site.server, "POST", "/api/token/reject", { refreshToken: first.refreshToken })).status,
    ).toBe(204);
    expect((await me(rotated.token)).status).toBe(200);
    expect((await refresh(rotated.refreshToken)).status).toBe(200);
  });

  it("POST /api/token/reject answers an unknown token the same and validates its body", async () => {
    expect((await callJson(site.server, "POST", "/api/token/reject", { refreshToken: "unknown" })).status).toBe(204);
    for (const body of ["{}", "[]", "null", '""', '{"refreshToken": {}}', '{"refreshToken": ""}']) {
      const response = await callJson(site.server, "POST", "/api/token/reject", body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ errors: [{ msg: "REQUIRED_REFRESH_TOKEN", path: "refreshToken" }] });
    }
  });

  it("GET /api/logout needs a token and ends every session", async () => {
    await expectUnauthorized(await site.server.fetch("/api/logout"));
    const a = await loginAsAdmin(site.server);
    const b = await loginAsAdmin(site.server);
    const response = await site.server.fetch("/api/logout", { headers: authHeaders(a.token) });
    expect(response.status).toBe(204);
    expect(response.headers.get("cache-control")).toBe("no-store");
    await expectUnauthorized(await me(a.token));
    await expectUnauthorized(await me(b.token));
    await expectUnauthorized(await refresh(a.refreshToken));
    await expectUnauthorized(await refresh(b.refreshToken));
  });

  it("refuses a token minted just before a logout and accepts one minted just after, in the same second", async () => {
    const before = await loginAsAdmin(site.server);
    await site.server.fetch("/api/logout", { headers: authHeaders(before.token) });
    const after = await loginAsAdmin(site.server);
    expect((await me(after.token)).status).toBe(200);
    await expectUnauthorized(await me(before.token));

    // At the millisecond: a token of the revocation's own instant is refused, one a millisecond later accepted.
    const user = await site.server.services.db
      .selectFrom("users")
      .select("tokens_valid_after")
      .executeTakeFirstOrThrow();
    const revokedAt = Date.parse(user.tokens_valid_after);
    const claims = decodeJwt(after.token);
    const signAt = (ms: number) =>
      new SignJWT({ ...claims, iat_ms: ms, iat: Math.floor(ms / 1000) })
        .setProtectedHeader({ alg: "HS256" })
        .sign(secret());
    await expectUnauthorized(await me(await signAt(revokedAt)));
    expect((await me(await signAt(revokedAt + 1))).status).toBe(200);
  });
});
