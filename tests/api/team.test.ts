import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { TeamMember } from "../../common/team/team-schemas.ts";
import { hashToken } from "../../server/auth/random-tokens.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { authHeaders, callJson, type Session } from "../helpers/auth.ts";
import { errorBody } from "../helpers/error-body.ts";
import { invitationTokenFor, joinTeam, type Person } from "../helpers/team.ts";
import { officeContact } from "../helpers/office-contact.ts";

/** The team over real HTTP (decision 091): invitations, roles, deactivation, the last administrator, the Jurnal's names. */

const admin = withAdminServer({ LOGIN_RATE_LIMIT: "1000", RESET_RATE_LIMIT: "1000" });

let count = 0;
function person(role: Person["role"], name = "Persoana Test"): Person {
  count += 1;
  return { name, username: `persoana${count}`, email: `persoana${count}@utilaje.test`, role };
}
const PASSWORD = "Parola-echipei-1";

const as = (session: Session, method: string, pathname: string, body?: unknown) =>
  callJson(admin.server, method, pathname, body, session.token);
const accept = (token: string, password = PASSWORD) =>
  callJson(admin.server, "POST", "/api/invitation/accept", { token, newPassword: password, confirmPassword: password });
const login = (username: string, password = PASSWORD) =>
  callJson(admin.server, "POST", "/api/login", { username, password });
const users = async () => ((await (await admin.call("GET", "/api/users")).json()) as { users: TeamMember[] }).users;

describe("an invitation", () => {
  it("makes an account without a password whose link sets one once; replayed, tampered or expired links change nothing", async () => {
    const invited = person("vanzari", "Ana <b>Pop</b>");
    const response = await admin.call("POST", "/api/users", invited);
    expect(response.status).toBe(201);
    const member = (await response.json()) as TeamMember;
    expect(member).toMatchObject({ name: "Ana <b>Pop</b>", role: "vanzari", active: true, invited: true });
    // No password yet: the account signs in as no account does.
    expect((await login(invited.username, "")).status).toBe(400);
    expect((await login(invited.username, "anything-at-all")).status).toBe(401);

    const token = await invitationTokenFor(admin.server, invited.email);
    const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    expect(await (await accept(tampered)).json()).toEqual(errorBody("ERROR_INVITATION_INVALID"));
    expect((await accept(token, "parola")).status).toBe(400);
    expect((await accept(token)).status).toBe(204);
    const replay = await accept(token, "Alta-parola-2");
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual(errorBody("ERROR_INVITATION_INVALID"));
    expect((await login(invited.username, "Alta-parola-2")).status).toBe(401);
    expect((await login(invited.username.toUpperCase())).status).toBe(200);
    expect((await users()).find((user) => user.id === member.id)).toMatchObject({ invited: false });
  });

  it("refuses a link past its 72 hours", async () => {
    const invited = person("catalog");
    expect((await admin.call("POST", "/api/users", invited)).status).toBe(201);
    const token = await invitationTokenFor(admin.server, invited.email);
    await admin.server.services.db
      .updateTable("user_invitations")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("token_hash", "=", hashToken(token))
      .execute();
    expect(await (await accept(token)).json()).toEqual(errorBody("ERROR_INVITATION_INVALID"));
    expect((await login(invited.username)).status).toBe(401);
  });

  it("refuses user names differing only by case or diacritics, a taken e-mail, bad fields and an unknown role", async () => {
    const first = { ...person("catalog"), username: "ștefan" };
    expect((await admin.call("POST", "/api/users", first)).status).toBe(201);
    for (const username of ["STEFAN", "Ştefan", "stefan", "ȘTEFAN"]) {
      const again = await admin.call("POST", "/api/users", { ...person("catalog"), username });
      expect(again.status, username).toBe(400);
      expect(await again.json()).toEqual({ errors: [{ msg: "TEAM_USERNAME_TAKEN", path: "username" }] });
    }
    const sameMail = await admin.call("POST", "/api/users", { ...person("catalog"), email: first.email.toUpperCase() });
    expect(await sameMail.json()).toEqual({ errors: [{ msg: "TEAM_EMAIL_TAKEN", path: "email" }] });
    const bad = await admin.call("POST", "/api/users", {
      name: "\u202e",
      username: "<script>",
      email: "x",
      role: "owner",
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { msg: string }[] }).errors.map((error) => error.msg).sort()).toEqual([
      "INVALID_MAIL",
      "INVALID_TEAM_NAME",
      "INVALID_TEAM_ROLE",
      "INVALID_TEAM_USERNAME",
    ]);
    expect(
      (await users()).filter((user) => user.username.includes("stefan") || user.username === "ștefan"),
    ).toHaveLength(1);
  });
});

describe("roles", () => {
  it("refuse a Vânzări or Catalog account raising its own role or editing another account, changing nothing", async () => {
    const sales = await joinTeam(admin, person("vanzari"), PASSWORD);
    const catalogue = await joinTeam(admin, person("catalog"), PASSWORD);
    const adminId = (await users()).find((user) => user.username === "admin")?.id ?? "";
    for (const { member, session } of [sales, catalogue]) {
      for (const [method, pathname, body] of [
        ["PUT", `/api/users/${member.id}`, { role: "administrator" }],
        ["PUT", `/api/users/${adminId}`, { role: "catalog" }],
        ["POST", `/api/users/${adminId}/deactivate`, undefined],
        ["POST", "/api/users", person("administrator")],
        ["GET", "/api/users", undefined],
      ] as const) {
        const response = await as(session, method, pathname, body);
        expect(response.status, `${method} ${pathname}`).toBe(403);
        expect(await response.json()).toEqual(errorBody("ERROR_FORBIDDEN"));
      }
      expect((await users()).find((user) => user.id === member.id)?.role).toBe(member.role);
    }
    expect((await users()).find((user) => user.id === adminId)).toMatchObject({ role: "administrator", active: true });
  });

  it("change with the next call: a Catalog account made Vânzări reads the inbox at once", async () => {
    const { member, session } = await joinTeam(admin, person("catalog"), PASSWORD);
    expect((await as(session, "GET", "/api/contact/requests")).status).toBe(403);
    const changed = await admin.call("PUT", `/api/users/${member.id}`, { role: "vanzari", name: "Alt Nume" });
    expect(await changed.json()).toMatchObject({ role: "vanzari", name: "Alt Nume" });
    expect((await as(session, "GET", "/api/contact/requests")).status).toBe(200);
    expect((await as(session, "GET", "/api/me")).status).toBe(200);
    expect(await (await as(session, "GET", "/api/me")).json()).toMatchObject({ role: "vanzari", name: "Alt Nume" });
  });
});

describe("the team and the second factor", () => {
  it("let only an administrator read or end another account's sessions; each person reads and ends their own", async () => {
    const sales = await joinTeam(admin, person("vanzari"), PASSWORD);
    const catalogue = await joinTeam(admin, person("catalog"), PASSWORD);
    for (const [method, pathname] of [
      ["GET", `/api/security/sessions?userId=${catalogue.member.id}`],
      ["POST", `/api/security/sessions/end-others?userId=${catalogue.member.id}`],
    ] as const) {
      const response = await as(sales.session, method, pathname);
      expect(response.status, `${method} ${pathname}`).toBe(403);
      expect(await response.json()).toEqual(errorBody("ERROR_FORBIDDEN"));
    }
    expect((await as(catalogue.session, "GET", "/api/me")).status).toBe(200);
    const own = await as(sales.session, "GET", "/api/security/sessions");
    expect(own.status).toBe(200);
    expect(await own.json()).toHaveLength(1);
    const theirs = await admin.call("GET", `/api/security/sessions?userId=${catalogue.member.id}`);
    expect(await theirs.json()).toHaveLength(1);
  });

  it("require the second factor of administrators only when Configurare asks for it", async () => {
    const sales = await joinTeam(admin, person("vanzari"), PASSWORD);
    const other = await joinTeam(admin, person("administrator"), PASSWORD);
    const setRequired = (value: string) =>
      admin.call("PUT", "/api/configuration/update", [...officeContact(), { key: "second_factor_required", value }]);
    expect((await setRequired("true")).status).toBe(200);
    try {
      expect((await as(sales.session, "GET", "/api/contact/requests")).status).toBe(200);
      const refused = await as(other.session, "GET", "/api/contact/requests");
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual(errorBody("SECOND_FACTOR_ENROLMENT_REQUIRED"));
      expect(await (await as(other.session, "GET", "/api/security/second-factor")).json()).toMatchObject({
        enabled: false,
        required: true,
      });
      expect(await (await as(sales.session, "GET", "/api/security/second-factor")).json()).toMatchObject({
        required: false,
      });
    } finally {
      // The signed-in administrator has no second factor either: the setting goes back by the database.
      await admin.server.services.db
        .updateTable("configuration")
        .set({ value: "false" })
        .where("key", "=", "second_factor_required")
        .execute();
      // The tests after this one count on a single active administrator.
      expect((await admin.call("POST", `/api/users/${other.member.id}/deactivate`)).status).toBe(200);
    }
  });
});

describe("the configuration's history", () => {
  it("stays Configurare's: a Catalog account reads a machine's revisions but neither reads nor restores the configuration's", async () => {
    const catalogue = await joinTeam(admin, person("catalog"), PASSWORD);
    const saved = await admin.call("PUT", "/api/configuration/update", [...officeContact()]);
    expect(saved.status).toBe(200);
    const list = "/api/revisions?kind=configuration&item=configuration";
    const page = (await (await admin.call("GET", list)).json()) as { items: { id: string }[] };
    const revision = page.items[0];
    if (!revision) throw new Error("no configuration revision");
    for (const [method, pathname, body] of [
      ["GET", list, undefined],
      ["GET", `/api/revisions/${revision.id}`, undefined],
      ["POST", `/api/revisions/${revision.id}/restore`, { version: 1 }],
    ] as const) {
      const response = await as(catalogue.session, method, pathname, body);
      expect(response.status, `${method} ${pathname}`).toBe(403);
      expect(await response.json()).toEqual(errorBody("ERROR_FORBIDDEN"));
    }
    const machineHistory = await as(catalogue.session, "GET", `/api/revisions?kind=product&item=${randomUUID()}`);
    expect(machineHistory.status).toBe(200);
  });
});

describe("deactivation", () => {
  it("ends the person's sessions at their next call, refuses their refresh token and login, keeps their Jurnal name", async () => {
    const who = person("catalog", "Ion Catalog");
    const { member, session } = await joinTeam(admin, who, PASSWORD);
    expect((await as(session, "GET", "/api/me")).status).toBe(200);
    const deactivated = await admin.call("POST", `/api/users/${member.id}/deactivate`);
    expect(await deactivated.json()).toMatchObject({ active: false });
    const next = await as(session, "GET", "/api/me");
    expect(next.status).toBe(401);
    expect(await next.json()).toEqual(errorBody("ERROR_UNAUTHORIZED"));
    const refresh = await callJson(admin.server, "POST", "/api/token/refresh", { refreshToken: session.refreshToken });
    expect(refresh.status).toBe(401);
    expect((await login(who.username)).status).toBe(401);
    const log = await admin.call("GET", `/api/activity?user=${member.id}`);
    const entries = ((await log.json()) as { items: { userName: string; action: string }[] }).items;
    expect(entries.map((entry) => entry.action)).toContain("login");
    for (const entry of entries) expect(entry.userName).toBe(who.username);

    expect(await (await admin.call("POST", `/api/users/${member.id}/reactivate`)).json()).toMatchObject({
      active: true,
    });
    expect((await login(who.username)).status).toBe(200);
  });

  it("of a person who could read the bookings ends the calendar feed's address; of one who could not, keeps it", async () => {
    const feedPath = async (token: string) => {
      const renewed = await callJson(admin.server, "POST", "/api/bookings/feed/renew", undefined, token);
      expect(renewed.status).toBe(200);
      return ((await renewed.json()) as { path: string }).path;
    };
    const feedStatus = async (path: string) => (await admin.server.fetch(path)).status;

    const catalog = await joinTeam(admin, person("catalog", "Fara Rezervari"), PASSWORD);
    const kept = await feedPath(admin.token);
    await admin.call("POST", `/api/users/${catalog.member.id}/deactivate`);
    expect(await feedStatus(kept)).toBe(200);

    const sales = await joinTeam(admin, person("vanzari", "Cu Rezervari"), PASSWORD);
    // The person copies the address while they may.
    const copied = await feedPath(sales.session.token);
    expect(await feedStatus(copied)).toBe(200);
    await admin.call("POST", `/api/users/${sales.member.id}/deactivate`);
    expect(await feedStatus(copied)).toBe(404);
    const log = await admin.call("GET", `/api/activity?kind=user&action=deactivate`);
    const summaries = ((await log.json()) as { items: { summary: string }[] }).items.map((entry) => entry.summary);
    expect(summaries.some((summary) => summary.includes("adresa calendarului rezervarilor retrasa"))).toBe(true);
    // A new address works again.
    expect(await feedStatus(await feedPath(admin.token))).toBe(200);
  });
});

describe("the last active administrator", () => {
  it("can be neither deactivated nor demoted", async () => {
    const adminId = (await users()).find((user) => user.username === "admin")?.id ?? "";
    for (const [method, pathname, body] of [
      ["PUT", `/api/users/${adminId}`, { role: "vanzari" }],
      ["POST", `/api/users/${adminId}/deactivate`, undefined],
    ] as const) {
      const response = await admin.call(method, pathname, body);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual(errorBody("ERROR_LAST_ADMINISTRATOR"));
    }
    expect((await users()).find((user) => user.id === adminId)).toMatchObject({ role: "administrator", active: true });
  });

  it("stays when two administrators demote each other at the same moment: exactly one is refused", async () => {
    const second = await joinTeam(admin, person("administrator"), PASSWORD);
    const adminId = (await users()).find((user) => user.username === "admin")?.id ?? "";
    for (let round = 0; round < 3; round += 1) {
      const [one, other] = await Promise.all([
        admin.call("PUT", `/api/users/${second.member.id}`, { role: "catalog" }),
        as(second.session, "PUT", `/api/users/${adminId}`, { role: "catalog" }),
      ]);
      // The loser is refused 409, or 403 when the winner's demotion of it counted first.
      const statuses = [one.status, other.status].sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      // Whoever won is the one administrator left, and reads the team.
      const [left, demoted] = one.status === 200 ? [admin.session, second.member.id] : [second.session, adminId];
      const listed = ((await (await as(left, "GET", "/api/users")).json()) as { users: TeamMember[] }).users;
      expect(listed.filter((user) => user.role === "administrator" && user.active)).toHaveLength(1);
      expect(listed.find((user) => user.id === demoted)?.role).toBe("catalog");
      // Back to two administrators for the next round.
      expect((await as(left, "PUT", `/api/users/${demoted}`, { role: "administrator" })).status).toBe(200);
    }
  });
});

describe("each person's profile", () => {
  it("changes one's own name and e-mail, refuses another's e-mail, and the reset by e-mail finds the account", async () => {
    const who = person("vanzari");
    const { session } = await joinTeam(admin, who, PASSWORD);
    // A new e-mail needs the current password: a stolen session must not take the account's resets.
    const profile = { name: "Maria Ionescu", email: "Maria@Utilaje.test" };
    expect(await (await as(session, "PUT", "/api/me", profile)).json()).toEqual({
      errors: [{ msg: "REQUIRED_OLD_PASSWORD", path: "password" }],
    });
    expect(await (await as(session, "PUT", "/api/me", { ...profile, password: "Alta-parola-9" })).json()).toEqual({
      errors: [{ msg: "ERROR_OLD_PASSWORD_INCORRECT", path: "password" }],
    });
    expect((await users()).find((user) => user.username === who.username)?.email).toBe(who.email);
    // The name alone changes without it.
    expect((await as(session, "PUT", "/api/me", { name: "Maria", email: who.email })).status).toBe(200);
    const changed = await as(session, "PUT", "/api/me", { ...profile, password: PASSWORD });
    expect(await changed.json()).toMatchObject({ name: "Maria Ionescu", email: "maria@utilaje.test", role: "vanzari" });
    // The former address hears of it.
    const notices = await admin.server.services.db
      .selectFrom("mail_outbox")
      .select(["recipient", "text_body"])
      .where("recipient", "=", who.email)
      .where("subject", "like", "Adresa de e-mail%")
      .execute();
    expect(notices).toHaveLength(1);
    expect(notices[0].text_body).toContain("maria@utilaje.test");
    const taken = await as(session, "PUT", "/api/me", {
      name: "Maria",
      email: "admin@utilaje.test",
      password: PASSWORD,
    });
    expect(await taken.json()).toEqual({ errors: [{ msg: "TEAM_EMAIL_TAKEN", path: "email" }] });
    expect((await callJson(admin.server, "POST", "/api/reset", { mail: "maria@utilaje.test" })).status).toBe(204);
    const member = (await users()).find((user) => user.username === who.username);
    await expect
      .poll(
        async () =>
          (
            await admin.server.services.db
              .selectFrom("password_resets")
              .select("id")
              .where("user_id", "=", member?.id ?? "")
              .execute()
          ).length,
      )
      .toBe(1);
  });
});

describe("the Jurnal", () => {
  it("logs an export of the leads' CSV with who made it", async () => {
    const { member, session } = await joinTeam(admin, person("vanzari", "Exportator"), PASSWORD);
    const csv = await fetch(new URL("/api/contact/requests/export", admin.server.url), {
      headers: authHeaders(session.token),
    });
    expect(csv.status).toBe(200);
    await csv.text();
    const log = await admin.call("GET", `/api/activity?user=${member.id}&action=export`);
    const entries = ((await log.json()) as { items: { kind: string; userName: string }[] }).items;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: "lead", userName: member.username });
  });
});
