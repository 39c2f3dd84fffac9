import { clearLoginFailures, countLoginAttempt, findUserById, lockUser, setPassword } from "../db/repositories/users.ts";
import { HttpError, ValidationError } from "../core/errors.ts";
import type { AuthServices } from "./services.ts";
import { isCommonPassword } from "../core/password-policy.ts";
import { LOCKOUT } from "./login.ts";
import { checkPassword, hashPassword } from "./passwords.ts";
import { issueTokens, type TokenPair } from "./sessions.ts";

/** A new password must not be one of the common ones (spec: at least 8 characters; the schema checks that). */
export function refuseCommonPassword(password: string, path: string): void {
  if (isCommonPassword(password)) throw new ValidationError([{ msg: "INVALID_PASSWORD_COMMON", path }]);
}

/**
 * POST /change. A wrong current password counts toward the same lockout as a wrong login (a stolen
 * access token must not become a way to guess the password): counted before the check, refused
 * with 429 while locked. Every session ends, this one included, and outstanding reset links die;
 * the reply carries the successor of this session.
 */
export async function changePassword(
  services: Pick<AuthServices, "db" | "config">,
  userId: string,
  input: { oldPassword: string; newPassword: string },
): Promise<TokenPair> {
  const { db, config } = services;
  const user = await findUserById(db, userId);
  if (!user) throw new HttpError(401, "ERROR_UNAUTHORIZED");
  const attempt = await countLoginAttempt(db, user.id, new Date(), LOCKOUT.windowMs);
  if (attempt === undefined || attempt > LOCKOUT.maxFailures) throw new HttpError(429, "ERROR_TOO_MANY_REQUESTS");
  if (!(await checkPassword(user.password_hash, input.oldPassword))) {
    if (attempt === LOCKOUT.maxFailures) await lockUser(db, user.id, new Date(Date.now() + LOCKOUT.lockMs));
    throw new ValidationError([{ msg: "ERROR_OLD_PASSWORD_INCORRECT", path: "oldPassword" }]);
  }
  await clearLoginFailures(db, user.id);
  refuseCommonPassword(input.newPassword, "newPassword");
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction().execute(async (trx) => {
    const now = new Date();
    await setPassword(trx, user.id, passwordHash, now);
    return issueTokens(trx, config, { id: user.id, tokens_valid_after: now.toISOString() });
  });
}
