import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { ROLE_LABELS, roleHasRight, type Role } from "../../common/team/roles.ts";
import type { InviteInput, TeamMember } from "../../common/team/team-schemas.ts";
import { logActivity, type Actor } from "../activity/activity-log.ts";
import { setPasswordByLink, type PasswordLink } from "../auth/password-by-link.ts";
import { checkCurrentPassword } from "../auth/password-change.ts";
import { hashToken, randomToken } from "../auth/random-tokens.ts";
import type { AuthServices } from "../auth/services.ts";
import { HttpError, ValidationError } from "../core/errors.ts";
import { retireBookingFeedToken } from "../db/repositories/app-state.ts";
import { enqueueMail } from "../db/repositories/mail-outbox.ts";
import { insertLink, retireLinks } from "../db/repositories/single-use-links.ts";
import {
  countOtherActiveAdministrators,
  emailTaken,
  listTeam,
  lockTeam,
  updateTeamMember,
  type TeamRow,
} from "../db/repositories/team.ts";
import { findUserById, findUserByUsername, insertUser, newUserRow, revokeSessions } from "../db/repositories/users.ts";
import type { Database, UserRow } from "../db/schema.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { emailChangedMail } from "../mail/email-changed-mail.ts";
import { invitationMail } from "../mail/invitation-mail.ts";

/**
 * The team (decision 091): invitations, roles, deactivation, each person's name and e-mail. Every change
 * is logged in the Jurnal with who made it, in the transaction of the change.
 */

/** An invitation's link works for 72 hours. */
export const INVITATION_HOURS = 72;

/** The password of an account whose invitation is not yet accepted: no hash verifies against it. */
const NO_PASSWORD = "";

function memberOf(row: TeamRow): TeamMember {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    role: row.role,
    active: row.deactivated_at === null,
    invited: row.password_hash === NO_PASSWORD,
    createdAt: row.created_at,
  };
}

export async function teamMembers(db: Kysely<Database>): Promise<TeamMember[]> {
  return (await listTeam(db)).map(memberOf);
}

const usernameTaken = () => new ValidationError([{ msg: "TEAM_USERNAME_TAKEN", path: "username" }]);
const emailInUse = () => new ValidationError([{ msg: "TEAM_EMAIL_TAKEN", path: "email" }]);

/** POST /users: a new account without a password, and the mail with its link to choose one. */
export async function inviteMember(
  services: Pick<AuthServices, "db" | "config" | "mail">,
  actor: Actor,
  input: InviteInput,
): Promise<TeamMember> {
  const { db, config, mail } = services;
  if (await findUserByUsername(db, input.username)) throw usernameTaken();
  if (await emailTaken(db, input.email)) throw emailInUse();
  const id = randomUUID();
  const token = randomToken();
  const now = new Date();
  try {
    await db.transaction().execute(async (trx) => {
      await insertUser(trx, newUserRow({ id, ...input, password_hash: NO_PASSWORD, invited_by: actor.userId }, now));
      await insertLink(trx, "user_invitations", {
        id: randomUUID(),
        userId: id,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + INVITATION_HOURS * 3_600_000).toISOString(),
        createdAt: now.toISOString(),
      });
      const link = `${config.PUBLIC_URL}/admin/invitatie/${token}`;
      await enqueueMail(
        trx,
        invitationMail(input.email, { name: input.name, username: input.username, link, hours: INVITATION_HOURS }),
        now,
      );
      await logActivity(trx, actor, {
        action: "invite",
        kind: "user",
        itemId: id,
        itemName: input.username,
        summary: `Invitatie trimisa lui ${input.name} (${input.email}), rol ${ROLE_LABELS[input.role]}`,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
  mail.wake();
  const created = await findUserById(db, id);
  if (!created) throw new HttpError(404, "ERROR_TEAM_USER_NOT_FOUND");
  return memberOf(created);
}

const INVITATION_LINK: PasswordLink = {
  table: "user_invitations",
  refusal: "ERROR_INVITATION_INVALID",
  action: "invitation_accept",
  summary: "Invitatie acceptata: parola aleasa",
};

/** POST /invitation/accept: a live link sets the account's first password, once. */
export async function acceptInvitation(
  services: Pick<AuthServices, "db">,
  token: string,
  newPassword: string,
  client: string,
): Promise<void> {
  await setPasswordByLink(services.db, INVITATION_LINK, token, newPassword, client);
}

async function memberToChange(db: Kysely<Database>, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new HttpError(404, "ERROR_TEAM_USER_NOT_FOUND");
  return user;
}

/**
 * Refuses a change that would leave no active administrator. Call it after lockTeam, in the change's
 * transaction: of two administrators demoting each other at once, the second counts after the first.
 */
async function keepAnAdministrator(db: Kysely<Database>, user: UserRow): Promise<void> {
  if (user.role !== "administrator" || user.deactivated_at !== null) return;
  if ((await countOtherActiveAdministrators(db, user.id)) === 0) throw new HttpError(409, "ERROR_LAST_ADMINISTRATOR");
}

/** PUT /users/{id}: a person's name or role, as an administrator changes them. */
export async function updateMember(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  fields: { name?: string | undefined; role?: Role | undefined },
): Promise<TeamMember> {
  await db.transaction().execute(async (trx) => {
    await lockTeam(trx);
    const user = await memberToChange(trx, id);
    const now = new Date();
    if (fields.role !== undefined && fields.role !== user.role) {
      if (fields.role !== "administrator") await keepAnAdministrator(trx, user);
      await updateTeamMember(trx, id, { role: fields.role }, now);
      // The new role counts from the next call (requireAdmin reads it); the sessions go on.
      await logActivity(trx, actor, {
        action: "role_change",
        kind: "user",
        itemId: id,
        itemName: user.username,
        summary: `Rol schimbat: ${ROLE_LABELS[user.role]} → ${ROLE_LABELS[fields.role]}`,
      });
    }
    if (fields.name !== undefined && fields.name !== user.name) {
      await updateTeamMember(trx, id, { name: fields.name }, now);
      await logActivity(trx, actor, {
        action: "update",
        kind: "user",
        itemId: id,
        itemName: user.username,
        summary: `Nume schimbat: ${user.name} → ${fields.name}`,
      });
    }
  });
  return memberOf(await memberToChange(db, id));
}

/**
 * POST /users/{id}/deactivate: the account can no longer sign in; its refresh tokens are revoked and
 * its access tokens refused from its next call (requireAdmin reads deactivated_at), its links retired.
 * Its Jurnal entries keep its name (the log copies it).
 */
export async function deactivateMember(db: Kysely<Database>, actor: Actor, id: string): Promise<TeamMember> {
  await db.transaction().execute(async (trx) => {
    await lockTeam(trx);
    const user = await memberToChange(trx, id);
    if (user.deactivated_at !== null) return;
    await keepAnAdministrator(trx, user);
    const now = new Date();
    await updateTeamMember(trx, id, { deactivated_at: now.toISOString() }, now);
    await revokeSessions(trx, id, now);
    await retireLinks(trx, "user_invitations", id, now.toISOString());
    await retireLinks(trx, "password_resets", id, now.toISOString());
    // The bookings' calendar address is one for the site, and this person could read and copy it.
    const feedRetired = roleHasRight(user.role, "bookings") && (await retireBookingFeedToken(trx));
    await logActivity(trx, actor, {
      action: "deactivate",
      kind: "user",
      itemId: id,
      itemName: user.username,
      summary: `Cont dezactivat (${user.name}): sesiunile inchise${feedRetired ? "; adresa calendarului rezervarilor retrasa (se poate reinnoi din Planificare)" : ""}`,
    });
  });
  return memberOf(await memberToChange(db, id));
}

/** POST /users/{id}/reactivate: the account signs in again with its password (or a reset). */
export async function reactivateMember(db: Kysely<Database>, actor: Actor, id: string): Promise<TeamMember> {
  await db.transaction().execute(async (trx) => {
    const user = await memberToChange(trx, id);
    if (user.deactivated_at === null) return;
    await updateTeamMember(trx, id, { deactivated_at: null }, new Date());
    await logActivity(trx, actor, {
      action: "reactivate",
      kind: "user",
      itemId: id,
      itemName: user.username,
      summary: `Cont reactivat (${user.name})`,
    });
  });
  return memberOf(await memberToChange(db, id));
}

/**
 * PUT /me: the signed-in person's own name and e-mail. The reset by e-mail finds the account by its
 * e-mail, so a new one needs the current password (a stolen session must not become a stolen account)
 * and the former address is told of it in the same transaction.
 */
export async function updateProfile(
  services: Pick<AuthServices, "db" | "mail">,
  actor: Actor & { userId: string },
  fields: { name: string; email: string; password?: string },
): Promise<void> {
  const { db, mail } = services;
  if (await emailTaken(db, fields.email, actor.userId)) throw emailInUse();
  const current = await memberToChange(db, actor.userId);
  if (fields.email !== current.email) {
    if (!fields.password) throw new ValidationError([{ msg: "REQUIRED_OLD_PASSWORD", path: "password" }]);
    await checkCurrentPassword(db, actor, current, fields.password, "Schimbare de e-mail", "password");
  }
  const notified = await db.transaction().execute(async (trx) => {
    const user = await memberToChange(trx, actor.userId);
    const now = new Date();
    await updateTeamMember(trx, user.id, { name: fields.name, email: fields.email }, now);
    const emailChanged = user.email !== fields.email;
    if (emailChanged)
      await enqueueMail(
        trx,
        emailChangedMail(user.email, { name: fields.name, username: user.username, newEmail: fields.email, at: now }),
        now,
      );
    await logActivity(trx, actor, {
      action: "update",
      kind: "user",
      itemId: user.id,
      itemName: user.username,
      summary: emailChanged ? "Profil modificat (nume, e-mail; vechea adresa anuntata)" : "Profil modificat (nume)",
    });
    return emailChanged;
  });
  if (notified) mail.wake();
}
