import { findUserById, setPassword } from "../db/repositories/users.ts";
import { HttpError, ValidationError } from "../core/errors.ts";
import type { AuthServices } from "./services.ts";
import { isCommonPassword } from "../core/password-policy.ts";
import { countPasswordCheck } from "./login-lockout.ts";
import { checkPassword, hashPassword } from "./passwords.ts";
import { issueTokens, type SessionClient, type TokenPair } from "./sessions.ts";
import type { UserRow } from "../db/schema.ts";
import { logActivity, type Actor } from "../activity/activity-log.ts";
import { rateLimitKey } from "../http/client-address.ts";

/** A new password must not be one of the common ones (spec: at least 8 characters; the schema checks that). */
export function refuseCommonPassword(password: string, path: string): void {
  if (isCommonPassword(password)) throw new ValidationError([{ msg: "INVALID_PASSWORD_COMMON", path }]);
}

/**
 * Checks the signed-in person's current password before a change to their account (the password, the
 * second factor): counted toward the login limits of the caller's address and of the account first,
 * refused with 429 while locked, and with 400 ERROR_OLD_PASSWORD_INCORRECT on `field` when wrong.
 * `what` names the change in the log ("Schimbare de parola").
 */
export async function checkCurrentPassword(
  db: AuthServices["db"],
  actor: Actor,
  user: Pick<UserRow, "id" | "username" | "password_hash">,
  password: string,
  what: string,
  field = "oldPassword",
): Promise<void> {
  const entry = { kind: "user", itemId: user.id, itemName: user.username } as const;
  if (!(await countPasswordCheck(db, user.id, rateLimitKey(actor.address), new Date()))) {
    await logActivity(db, actor, {
      ...entry,
      action: "login_locked",
      summary: `${what} refuzata fara verificare: prea multe incercari gresite`,
    });
    throw new HttpError(429, "ERROR_TOO_MANY_REQUESTS");
  }
  if (!(await checkPassword(user.password_hash, password))) {
    await logActivity(db, actor, {
      ...entry,
      action: "login_failed",
      summary: `${what} refuzata: parola curenta gresita`,
    });
    throw new ValidationError([{ msg: "ERROR_OLD_PASSWORD_INCORRECT", path: field }]);
  }
}

/**
 * POST /change. The current password's check counts toward the login limits of the caller's address
 * and of the account (countPasswordCheck): counted before the check, refused
 * with 429 while locked. Every session ends, this one included, and outstanding reset links die;
 * the reply carries the successor of this session.
 */
export async function changePassword(
  services: Pick<AuthServices, "db" | "config">,
  actor: Actor,
  input: { oldPassword: string; newPassword: string },
  client?: SessionClient,
): Promise<TokenPair> {
  const { db, config } = services;
  const user = actor.userId === null ? undefined : await findUserById(db, actor.userId);
  if (!user) throw new HttpError(401, "ERROR_UNAUTHORIZED");
  await checkCurrentPassword(db, actor, user, input.oldPassword, "Schimbare de parola");
  const entry = { kind: "user", itemId: user.id, itemName: user.username } as const;
  refuseCommonPassword(input.newPassword, "newPassword");
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction().execute(async (trx) => {
    const now = new Date();
    await setPassword(trx, user.id, passwordHash, now);
    await logActivity(trx, actor, {
      ...entry,
      action: "password_change",
      summary: "Parola schimbata; celelalte sesiuni inchise",
    });
    return issueTokens(trx, config, { id: user.id, tokens_valid_after: now.toISOString() }, undefined, client);
  });
}
