import type { Kysely } from "kysely";
import { clearLoginFailures, countLoginAttempt, findUserByUsername, lockUser } from "../db/repositories/users.ts";
import type { Database, UserRow } from "../db/schema.ts";
import { checkPassword } from "./passwords.ts";

/** Spec-given lockout: 5 failures within 15 minutes lock the account for 15 minutes. */
export const LOCKOUT = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

export type LoginOutcome =
  | { kind: "success"; user: UserRow }
  | { kind: "unknown_user" }
  | { kind: "wrong_password"; userId: string }
  | { kind: "locked"; userId: string };

/**
 * Checks a user name and password against the lockout. The attempt is counted in the database before
 * the password is checked; an attempt beyond the allowance, or on a locked account, is refused without
 * looking at the password (whoever tries). Every refusal costs one argon2 verification, so the time of
 * the reply does not tell an unknown name, a wrong password and a locked account apart.
 */
export async function attemptLogin(db: Kysely<Database>, username: string, password: string): Promise<LoginOutcome> {
  const user = await findUserByUsername(db, username);
  if (!user) {
    await checkPassword(undefined, password);
    return { kind: "unknown_user" };
  }
  const attempt = await countLoginAttempt(db, user.id, new Date(), LOCKOUT.windowMs);
  if (attempt === undefined || attempt > LOCKOUT.maxFailures) {
    await checkPassword(undefined, password);
    return { kind: "locked", userId: user.id };
  }
  if (await checkPassword(user.password_hash, password)) {
    await clearLoginFailures(db, user.id);
    return { kind: "success", user };
  }
  if (attempt === LOCKOUT.maxFailures) await lockUser(db, user.id, new Date(Date.now() + LOCKOUT.lockMs));
  return { kind: "wrong_password", userId: user.id };
}
