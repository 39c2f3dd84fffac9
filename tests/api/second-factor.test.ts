import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../server/auth/passwords.ts";
import { insertUser, newUserRow } from "../../server/db/repositories/users.ts";
import { callJson, type Session } from "../helpers/auth.ts";
import { errorBody } from "../helpers/error-body.ts";
import { withTestServer } from "../helpers/admin-server.ts";
import { totpCode } from "../helpers/totp-codes.ts";
import { officeContact } from "../helpers/office-contact.ts";

// The per-address limit is raised so that the account's lockout is what the tests meet.
const site = withTestServer({ LOGIN_RATE_LIMIT: "1000" });
const db = () => site.server.services.db;

interface Person {
  id: string;
  username: string;
  password: string;
  secret: string;
  recoveryCodes: string[];
  session: Session;
}

const call = (method: string, path: string, body?: unknown, token?: string) =>
  callJson(site.server, method, path, body, token);

async function newAccount(): Promise<{ id: string; username: string; password: string; session: Session }> {
  const username = `user-${randomUUID().slice(0, 8)}`;
  const password = "Parola-corecta-1";
  const id = randomUUID();
  await insertUser(
    db(),
    newUserRow({ id, username, email: `${username}@utilaje.test`, password_hash: await hashPassword(password) }),
  );
  const reply = await call("POST", "/api/login", { username, password });
  expect(reply.status).toBe(200);
  return { id, username, password, session: (await reply.json()) as Session };
}

/** A fresh account with its second factor on (each test its own, so lockouts and steps never leak). */
async function enrolledPerson(): Promise<Person> {
  const account = await newAccount();
  const start = await call("POST", "/api/security/second-factor/enrolment", undefined, account.session.token);
  expect(start.status).toBe(200);
  const { secret } = (await start.json()) as { secret: string };
  const confirm = await call(
    "POST",
    "/api/security/second-factor/confirm",
    { code: await totpCode(secret) },
    account.session.token,
  );
  expect(confirm.status).toBe(200);
  const { recoveryCodes } = (await confirm.json()) as { recoveryCodes: string[] };
  await letTimePass(account.id);
  return { ...account, secret, recoveryCodes };
}

/** As if the next time step had come: the step the last code used is forgotten (no test waits 30 s). */
async function letTimePass(userId: string): Promise<void> {
  await db().updateTable("second_factors").set({ last_step: null }).where("user_id", "=", userId).execute();
}

/** The account's counted login tries are forgotten, as after the lockout's window. */
async function forgetTries(userId: string): Promise<void> {
  await db().deleteFrom("login_clients").where("user_id", "=", userId).execute();
}

/** A well-formed code that is not the current one (nor one step off). */
async function wrongCodeFor(secret: string): Promise<string> {
  const near = await Promise.all([-1, 0, 1].map((steps) => totpCode(secret, steps)));
  return ["000000", "111111", "222222", "333333"].find((code) => !near.includes(code)) ?? "444444";
}

async function passwordStep(person: { username: string; password: string }): Promise<string> {
  const reply = await call("POST", "/api/login", { username: person.username, password: person.password });
  expect(reply.status).toBe(200);
  const body = (await reply.json()) as { secondFactor: string; challenge: string; expiresIn: number };
  expect(Object.keys(body).sort()).toEqual(["challenge", "expiresIn", "secondFactor"]);
  expect(body.secondFactor).toBe("totp");
  expect(body.expiresIn).toBe(300);
  return body.challenge;
}

const codeStep = (body: unknown) => call("POST", "/api/login/code", body);

async function expectError(reply: Response, status: number, code: Parameters<typeof errorBody>[0]): Promise<void> {
  expect(reply.status).toBe(status);
  expect(await reply.json()).toEqual(errorBody(code));
}

async function actionsOf(userId: string): Promise<string[]> {
  const rows = await db()
    .selectFrom("activity_log")
    .select(["action", "summary"])
    .where("item_id", "=", userId)
    .orderBy("at")
    .execute();
  return rows.map((row) => row.action);
}

const stateOf = async (token: string) =>
  (await (await call("GET", "/api/security/second-factor", undefined, token)).json()) as {
    enabled: boolean;
    required: boolean;
    recoveryCodesLeft: number;
  };

describe("enrolment", () => {
  it("shows a secret as text and as a QR code, and turns on only with a right first code", async () => {
    const account = await newAccount();
    const token = account.session.token;
    expect(await stateOf(token)).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const start = await call("POST", "/api/security/second-factor/enrolment", undefined, token);
    const enrolment = (await start.json()) as { secret: string; uri: string; qrCode: string };
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.uri).toBe(`otpauth://totp/Utilaje:${account.username}?secret=${enrolment.secret}&issuer=Utilaje`);
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrolment.qrCode.split(",")[1], "base64").toString()).toContain("<svg");

    // The secret is kept encrypted: the row does not hold it.
    const row = await db()
      .selectFrom("second_factors")
      .selectAll()
      .where("user_id", "=", account.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(enrolment.secret);
    expect(row.confirmed_at).toBeNull();

    const wrongCode = await wrongCodeFor(enrolment.secret);
    const wrong = await call("POST", "/api/security/second-factor/confirm", { code: wrongCode }, token);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ errors: [{ msg: "SECOND_FACTOR_CODE_INVALID", path: "code" }] });
    expect((await stateOf(token)).enabled).toBe(false);

    const right = await call(
      "POST",
      "/api/security/second-factor/confirm",
      { code: await totpCode(enrolment.secret) },
      token,
    );
    expect(right.status).toBe(200);
    const { recoveryCodes } = (await right.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    const stored = await db()
      .selectFrom("recovery_codes")
      .select("code_hash")
      .where("user_id", "=", account.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored)
      expect(recoveryCodes.map((code) => code.replace("-", ""))).not.toContain(code_hash);
    expect(await stateOf(token)).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });

    // On is on: a new enrolment, or the same confirmation again, is refused and changes nothing.
    await expectError(
      await call("POST", "/api/security/second-factor/enrolment", undefined, token),
      409,
      "SECOND_FACTOR_ALREADY_ENABLED",
    );
    await expectError(
      await call("POST", "/api/security/second-factor/confirm", { code: await totpCode(enrolment.secret) }, token),
      409,
      "SECOND_FACTOR_ALREADY_ENABLED",
    );
    expect(await actionsOf(account.id)).toEqual(["login", "second_factor_failed", "second_factor_enabled"]);
  });

  it("refuses a confirmation before any enrolment, and bad codes with their field codes", async () => {
    const { session } = await newAccount();
    await expectError(
      await call("POST", "/api/security/second-factor/confirm", { code: "123456" }, session.token),
      409,
      "SECOND_FACTOR_ENROLMENT_NOT_STARTED",
    );
    for (const [code, msg] of [
      ["", "REQUIRED_SECOND_FACTOR_CODE"],
      ["12345", "INVALID_SECOND_FACTOR_CODE"],
      ["<script>alert(1)</script>", "INVALID_SECOND_FACTOR_CODE"],
      [123456, "REQUIRED_SECOND_FACTOR_CODE"],
    ] as const) {
      const reply = await call("POST", "/api/security/second-factor/confirm", { code }, session.token);
      expect(reply.status).toBe(400);
      expect(await reply.json()).toEqual({ errors: [{ msg, path: "code" }] });
    }
    expect((await call("POST", "/api/security/second-factor/enrolment")).status).toBe(401);
  });
});

describe("signing in with a code", () => {
  it("asks a code after the password, and gives the tokens for a current code once", async () => {
    const person = await enrolledPerson();
    const challenge = await passwordStep(person);
    // The challenge is no access token: the code step cannot be skipped.
    expect((await call("GET", "/api/me", undefined, challenge)).status).toBe(401);
    const code = await totpCode(person.secret);
    const reply = await codeStep({ challenge, code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(reply.status).toBe(200);
    const session = (await reply.json()) as Session;
    expect(Object.keys(session).sort()).toEqual(["refreshToken", "token"]);
    expect((await call("GET", "/api/me", undefined, session.token)).status).toBe(200);

    // The challenge is used up; the code is never accepted twice, even with a new challenge.
    await expectError(await codeStep({ challenge, code }), 401, "SECOND_FACTOR_CHALLENGE_INVALID");
    await expectError(
      await codeStep({ challenge: await passwordStep(person), code }),
      401,
      "SECOND_FACTOR_CODE_REUSED",
    );
    const actions = await actionsOf(person.id);
    expect(actions.slice(-4)).toEqual(["login_password", "login", "login_password", "second_factor_failed"]);
  });

  it("gives nothing for a challenge taken before the account was deactivated", async () => {
    const person = await enrolledPerson();
    const challenge = await passwordStep(person);
    await db()
      .updateTable("users")
      .set({ deactivated_at: new Date().toISOString() })
      .where("id", "=", person.id)
      .execute();
    await expectError(
      await codeStep({ challenge, code: await totpCode(person.secret) }),
      401,
      "SECOND_FACTOR_CHALLENGE_INVALID",
    );
  });

  it("accepts a clock one step off either way, not two", async () => {
    const person = await enrolledPerson();
    for (const steps of [-1, 1]) {
      const reply = await codeStep({
        challenge: await passwordStep(person),
        code: await totpCode(person.secret, steps),
      });
      expect(reply.status).toBe(200);
      await letTimePass(person.id);
    }
    for (const steps of [-3, 3]) {
      await expectError(
        await codeStep({ challenge: await passwordStep(person), code: await totpCode(person.secret, steps) }),
        401,
        "SECOND_FACTOR_CODE_INVALID",
      );
    }
  });

  it("keeps the challenge through a wrong code, and refuses an expired one or a made-up one", async () => {
    const person = await enrolledPerson();
    const challenge = await passwordStep(person);
    await expectError(
      await codeStep({ challenge, code: await wrongCodeFor(person.secret) }),
      401,
      "SECOND_FACTOR_CODE_INVALID",
    );
    expect((await codeStep({ challenge, code: await totpCode(person.secret) })).status).toBe(200);
    await letTimePass(person.id);

    const expired = await passwordStep(person);
    await db()
      .updateTable("login_challenges")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", person.id)
      .where("used_at", "is", null)
      .execute();
    await expectError(
      await codeStep({ challenge: expired, code: await totpCode(person.secret) }),
      401,
      "SECOND_FACTOR_CHALLENGE_INVALID",
    );
    await expectError(
      await codeStep({ challenge: "x".repeat(43), code: await totpCode(person.secret) }),
      401,
      "SECOND_FACTOR_CHALLENGE_INVALID",
    );
  });

  it("ties the challenge to its account: another account's code does not open it", async () => {
    const first = await enrolledPerson();
    const second = await enrolledPerson();
    const challenge = await passwordStep(first);
    await expectError(
      await codeStep({ challenge, code: await totpCode(second.secret) }),
      401,
      "SECOND_FACTOR_CODE_INVALID",
    );
    expect((await codeStep({ challenge, code: await totpCode(first.secret) })).status).toBe(200);
  });

  it("locks guessed codes as it locks passwords: after 5 wrong tries even the right code is refused", async () => {
    const person = await enrolledPerson();
    const right = await totpCode(person.secret);
    const wrong = await wrongCodeFor(person.secret);
    const challenge = await passwordStep(person);
    // The password step counted one try: four wrong codes reach the address's five.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await expectError(await codeStep({ challenge, code: wrong }), 401, "SECOND_FACTOR_CODE_INVALID");
    }
    await expectError(await codeStep({ challenge, code: right }), 429, "ERROR_TOO_MANY_REQUESTS");
    // A right password does not give the guesser new tries: it is refused as well while locked.
    await expectError(
      await call("POST", "/api/login", { username: person.username, password: person.password }),
      401,
      "USER_LOGIN_FAILED",
    );
    const row = await db()
      .selectFrom("second_factors")
      .select("last_step")
      .where("user_id", "=", person.id)
      .executeTakeFirstOrThrow();
    expect(row.last_step).toBeNull();
    expect(await actionsOf(person.id)).toContain("login_locked");
  });

  it("of two requests at once with the same code, one signs in", async () => {
    const person = await enrolledPerson();
    const code = await totpCode(person.secret);
    const [first, second] = [await passwordStep(person), await passwordStep(person)];
    const replies = await Promise.all([codeStep({ challenge: first, code }), codeStep({ challenge: second, code })]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 401]);
    const refused = replies.find((reply) => reply.status === 401);
    expect(await refused?.json()).toEqual(errorBody("SECOND_FACTOR_CODE_REUSED"));
    await letTimePass(person.id);
    await forgetTries(person.id);
    const challenge = await passwordStep(person);
    const same = await Promise.all([
      codeStep({ challenge, code: await totpCode(person.secret) }),
      codeStep({ challenge, code: await totpCode(person.secret) }),
    ]);
    expect(same.map((reply) => reply.status).sort()).toEqual([200, 401]);
  });

  it("takes each recovery code once, typed in any case and without its dash", async () => {
    const person = await enrolledPerson();
    const [code] = person.recoveryCodes;
    const typed = code.replace("-", "").toLowerCase();
    const reply = await codeStep({ challenge: await passwordStep(person), recoveryCode: typed });
    expect(reply.status).toBe(200);
    const { token } = (await reply.json()) as Session;
    expect((await stateOf(token)).recoveryCodesLeft).toBe(9);
    await expectError(
      await codeStep({ challenge: await passwordStep(person), recoveryCode: code }),
      401,
      "SECOND_FACTOR_RECOVERY_CODE_INVALID",
    );
    expect(await actionsOf(person.id)).toEqual(expect.arrayContaining(["recovery_code_used", "second_factor_failed"]));

    // Two requests at once with the same recovery code: one wins, and the loser spends nothing.
    await forgetTries(person.id);
    const [, second, third] = person.recoveryCodes;
    const raced = await Promise.all([
      codeStep({ challenge: await passwordStep(person), recoveryCode: second }),
      codeStep({ challenge: await passwordStep(person), recoveryCode: second }),
    ]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 401]);
    expect((await stateOf(token)).recoveryCodesLeft).toBe(8);
    // Renewed codes replace the old ones.
    await forgetTries(person.id);
    const renew = await call(
      "POST",
      "/api/security/second-factor/recovery-codes",
      { password: person.password },
      token,
    );
    expect(renew.status).toBe(200);
    const renewed = ((await renew.json()) as { recoveryCodes: string[] }).recoveryCodes;
    await expectError(
      await codeStep({ challenge: await passwordStep(person), recoveryCode: third }),
      401,
      "SECOND_FACTOR_RECOVERY_CODE_INVALID",
    );
    expect((await codeStep({ challenge: await passwordStep(person), recoveryCode: renewed[0] })).status).toBe(200);
  });

  it("refuses malformed code steps with their codes", async () => {
    const cases: [unknown, { msg: string; path: string }[]][] = [
      [{}, [{ msg: "REQUIRED_SECOND_FACTOR_CHALLENGE", path: "challenge" }]],
      [{ challenge: "abc" }, [{ msg: "REQUIRED_SECOND_FACTOR_CODE", path: "code" }]],
      [{ challenge: "abc", code: "12a456" }, [{ msg: "INVALID_SECOND_FACTOR_CODE", path: "code" }]],
      [{ challenge: "abc", recoveryCode: "<b>x</b>" }, [{ msg: "INVALID_RECOVERY_CODE", path: "recoveryCode" }]],
      [
        { challenge: "abc", code: "123456", recoveryCode: "ABCDE-FGHJK" },
        [{ msg: "REQUIRED_SECOND_FACTOR_CODE", path: "code" }],
      ],
    ];
    for (const [body, errors] of cases) {
      const reply = await codeStep(body);
      expect(reply.status).toBe(400);
      expect(await reply.json()).toEqual({ errors });
    }
    const huge = await call("POST", "/api/login/code", { challenge: "a".repeat(100_000), code: "123456" });
    expect(huge.status).toBe(413);
    const text = await site.server.fetch("/api/login/code", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "x",
    });
    expect(text.status).toBe(415);
  });
});

describe("turning it off", () => {
  it("asks the password; then the login gives tokens at once again", async () => {
    const person = await enrolledPerson();
    const reply = await codeStep({ challenge: await passwordStep(person), code: await totpCode(person.secret) });
    const { token } = (await reply.json()) as Session;
    const wrong = await call("POST", "/api/security/second-factor/disable", { password: "not-it" }, token);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ errors: [{ msg: "ERROR_OLD_PASSWORD_INCORRECT", path: "password" }] });
    expect((await stateOf(token)).enabled).toBe(true);
    expect(
      (await call("POST", "/api/security/second-factor/disable", { password: person.password }, token)).status,
    ).toBe(204);
    expect(await stateOf(token)).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    await expectError(
      await call("POST", "/api/security/second-factor/disable", { password: person.password }, token),
      409,
      "SECOND_FACTOR_NOT_ENABLED",
    );
    const login = await call("POST", "/api/login", { username: person.username, password: person.password });
    expect(Object.keys((await login.json()) as object).sort()).toEqual(["refreshToken", "token"]);
    expect(await actionsOf(person.id)).toContain("second_factor_disabled");
  });
});

describe("the setting in Configurare", () => {
  const setRequired = (value: string, token: string) =>
    call("PUT", "/api/configuration/update", [...officeContact(), { key: "second_factor_required", value }], token);

  it("sends a person without a second factor to enrolment: only the enrolment answers until then", async () => {
    const admin = await newAccount();
    const set = (value: string) => setRequired(value, admin.session.token);
    expect((await set("maybe")).status).toBe(400);
    expect((await set("true")).status).toBe(200);
    // Whoever asks does not learn that a password alone is no longer enough.
    const configuration = (await (await call("GET", "/api/configuration")).json()) as { key: string }[];
    expect(configuration.map((entry) => entry.key)).not.toContain("second_factor_required");
    try {
      const person = await newAccount();
      const token = person.session.token;
      await expectError(await call("GET", "/api/activity", undefined, token), 403, "SECOND_FACTOR_ENROLMENT_REQUIRED");
      await expectError(
        await call("PUT", "/api/configuration/update", [{ key: "second_factor_required", value: "false" }], token),
        403,
        "SECOND_FACTOR_ENROLMENT_REQUIRED",
      );
      expect((await call("GET", "/api/me", undefined, token)).status).toBe(200);
      // Its own sessions answer before enrolment; another account's wait for it, as every admin call.
      expect((await call("GET", "/api/security/sessions", undefined, token)).status).toBe(200);
      await expectError(
        await call("GET", `/api/security/sessions?userId=${admin.id}`, undefined, token),
        403,
        "SECOND_FACTOR_ENROLMENT_REQUIRED",
      );
      await expectError(
        await call("POST", `/api/security/sessions/end-others?userId=${admin.id}`, undefined, token),
        403,
        "SECOND_FACTOR_ENROLMENT_REQUIRED",
      );
      expect((await call("GET", "/api/me", undefined, admin.session.token)).status).toBe(200);
      expect(await stateOf(token)).toEqual({ enabled: false, required: true, recoveryCodesLeft: 0 });
      const { secret } = (await (
        await call("POST", "/api/security/second-factor/enrolment", undefined, token)
      ).json()) as { secret: string };
      expect(
        (await call("POST", "/api/security/second-factor/confirm", { code: await totpCode(secret) }, token)).status,
      ).toBe(200);
      expect((await call("GET", "/api/activity", undefined, token)).status).toBe(200);
    } finally {
      // The administrator of this test enrols too, or it could not turn the setting off again.
      const { secret } = (await (
        await call("POST", "/api/security/second-factor/enrolment", undefined, admin.session.token)
      ).json()) as { secret: string };
      await call("POST", "/api/security/second-factor/confirm", { code: await totpCode(secret) }, admin.session.token);
      expect((await set("false")).status).toBe(200);
    }
  });

  it("takes effect at a signed-in administrator's next call, on and off again", async () => {
    const admin = await enrolledPerson();
    const person = await newAccount();
    const token = person.session.token;
    // A call while the setting is off: the configuration this instance keeps is the one it read then.
    expect((await call("GET", "/api/activity", undefined, token)).status).toBe(200);
    expect((await setRequired("true", admin.session.token)).status).toBe(200);
    try {
      await expectError(await call("GET", "/api/activity", undefined, token), 403, "SECOND_FACTOR_ENROLMENT_REQUIRED");
      expect((await call("GET", "/api/activity", undefined, admin.session.token)).status).toBe(200);
    } finally {
      expect((await setRequired("false", admin.session.token)).status).toBe(200);
    }
    expect((await call("GET", "/api/activity", undefined, token)).status).toBe(200);
  });
});

describe("sessions", () => {
  const loginFrom = async (person: { username: string; password: string }, userAgent: string) => {
    const reply = await site.server.fetch("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": userAgent },
      body: JSON.stringify({ username: person.username, password: person.password }),
    });
    expect(reply.status).toBe(200);
    return (await reply.json()) as Session;
  };
  const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
  const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
  type Listed = { id: string; browser: string; address: string; lastUsedAt: string; current: boolean };
  const list = async (token: string, userId?: string) => {
    const reply = await call("GET", `/api/security/sessions${userId ? `?userId=${userId}` : ""}`, undefined, token);
    expect(reply.status).toBe(200);
    return (await reply.json()) as Listed[];
  };

  it("lists each open session with its browser and address, and ends one at once", async () => {
    const account = await newAccount();
    const firefox = await loginFrom(account, FIREFOX);
    const chrome = await loginFrom(account, CHROME);
    const seen = await list(firefox.token);
    expect(seen).toHaveLength(3);
    const own = seen.find((session) => session.current);
    expect(own).toMatchObject({ browser: "Firefox pe Windows", address: "127.0.0.1" });
    const other = seen.find((session) => session.browser === "Chrome pe Linux");
    expect(other?.current).toBe(false);

    // Refreshing renews the session's "last used" without making a new one.
    const before = other?.lastUsedAt ?? "";
    const refreshed = await site.server.fetch("/api/token/refresh", {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": CHROME },
      body: JSON.stringify({ refreshToken: chrome.refreshToken }),
    });
    const renewed = (await refreshed.json()) as Session;
    const after = (await list(firefox.token)).find((session) => session.id === other?.id);
    expect(after && after.lastUsedAt >= before).toBe(true);

    expect((await call("POST", `/api/security/sessions/${other?.id}/end`, undefined, firefox.token)).status).toBe(204);
    // Ended at once: its access token is refused at its next call, its refresh token too.
    expect((await call("GET", "/api/me", undefined, renewed.token)).status).toBe(401);
    expect((await call("POST", "/api/token/refresh", { refreshToken: renewed.refreshToken })).status).toBe(401);
    await expectError(
      await call("POST", `/api/security/sessions/${other?.id}/end`, undefined, firefox.token),
      404,
      "SESSION_NOT_FOUND",
    );
    await expectError(
      await call("POST", `/api/security/sessions/${randomUUID()}/end`, undefined, firefox.token),
      404,
      "SESSION_NOT_FOUND",
    );
    expect((await list(firefox.token)).map((session) => session.id)).not.toContain(other?.id);

    // Every other one: this one stays.
    const ended = await call("POST", "/api/security/sessions/end-others", undefined, firefox.token);
    expect(await ended.json()).toEqual({ ended: 1 });
    expect((await call("GET", "/api/me", undefined, account.session.token)).status).toBe(401);
    expect((await list(firefox.token)).map((session) => session.current)).toEqual([true]);
    expect(await actionsOf(account.id)).toEqual(expect.arrayContaining(["session_end"]));
  });

  it("lets an administrator see and end another person's sessions", async () => {
    const admin = await newAccount();
    const person = await newAccount();
    const listed = await list(admin.session.token, person.id);
    expect(listed).toHaveLength(1);
    expect(listed[0].current).toBe(false);
    expect(
      (await call("POST", `/api/security/sessions/end-others?userId=${person.id}`, undefined, admin.session.token))
        .status,
    ).toBe(200);
    expect((await call("GET", "/api/me", undefined, person.session.token)).status).toBe(401);
    await expectError(
      await call("GET", `/api/security/sessions?userId=${randomUUID()}`, undefined, admin.session.token),
      404,
      "SESSION_USER_NOT_FOUND",
    );
    expect((await call("GET", "/api/me", undefined, admin.session.token)).status).toBe(200);
  });

  it("a password change ends the person's other sessions and keeps this one's successor", async () => {
    const account = await newAccount();
    const other = await loginFrom(account, CHROME);
    const change = await call(
      "POST",
      "/api/change",
      { oldPassword: account.password, newPassword: "Alta-parola-lunga-7", confirmPassword: "Alta-parola-lunga-7" },
      account.session.token,
    );
    expect(change.status).toBe(200);
    const successor = (await change.json()) as Session;
    expect((await call("GET", "/api/me", undefined, other.token)).status).toBe(401);
    const left = await list(successor.token);
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
  });

  it("turning the second factor on ends the sessions opened with the password alone, and keeps this one", async () => {
    const account = await newAccount();
    // Another browser signed in with the password before the factor existed: a stolen password's session.
    const other = await loginFrom(account, CHROME);
    const start = await call("POST", "/api/security/second-factor/enrolment", undefined, account.session.token);
    const { secret } = (await start.json()) as { secret: string };
    const confirm = await call(
      "POST",
      "/api/security/second-factor/confirm",
      { code: await totpCode(secret) },
      account.session.token,
    );
    expect(confirm.status).toBe(200);
    expect((await call("GET", "/api/me", undefined, other.token)).status).toBe(401);
    expect((await call("POST", "/api/token/refresh", { refreshToken: other.refreshToken })).status).toBe(401);
    expect((await call("GET", "/api/me", undefined, account.session.token)).status).toBe(200);
    expect((await list(account.session.token)).map((session) => session.current)).toEqual([true]);
  });
});
