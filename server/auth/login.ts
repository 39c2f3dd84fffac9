import type { Kysely } from "kysely";
import { EVERY_CLIENT, countClientAttempt, forgetIdleClients, recordLoginSuccess } from "../db/repositories/login-clients.ts";
import { findUserByUsername } from "../db/repositories/users.ts";
import type { Database, UserRow } from "../db/schema.ts";
import { checkPassword } from "./passwords.ts";

const MINUTE = 60_000;

/**
 * How many passwords are checked for an account (decision 053). A client address has 5 attempts on
 * an account per 15 minutes; the account has 100 per hour from every address together, of which
 * addresses that have not logged in to it in the last 30 days may use 50. Strangers, however many
 * their addresses, use up the 50 and no more; an address that has not been failing keeps its own 5,
 * and the owner's usual address the other 50 of the hour.
 */
export const LOGIN_LIMITS = {
  client: { attempts: 5, windowMs: 15 * MINUTE },
  account: { attempts: 100, strangerAttempts: 50, windowMs: 60 * MINUTE },
  knownForMs: 30 * 24 * 60 * MINUTE,
} as const;

export type LoginOutcome =
  | { kind: "success"; user: UserRow }
  | { kind: "unknown_user" }
  | { kind: "wrong_password"; userId: string }
  | { kind: "locked"; userId: string };

/**
 * Checks a user name and password from `client` (its rate-limit key) against the limits above. The
 * attempt is counted in the database before the password is checked; an attempt beyond an allowance
 * is refused without looking at the password (whoever tries). Every refusal costs one argon2
 * verification, so the time of the reply does not tell an unknown name, a wrong password and a
 * refused attempt apart.
 */
export async function attemptLogin(db: Kysely<Database>, username: string, password: string, client: string): Promise<LoginOutcome> {
  const user = await findUserByUsername(db, username);
  if (!user) {
    await checkPassword(undefined, password);
    return { kind: "unknown_user" };
  }
  const now = new Date();
  if (!(await countPasswordCheck(db, user.id, client, now))) {
    await checkPassword(undefined, password);
    return { kind: "locked", userId: user.id };
  }
  if (await checkPassword(user.password_hash, password)) {
    await recordLoginSuccess(db, user.id, client, now);
    return { kind: "success", user };
  }
  await forgetIdleClients(db, user.id, new Date(now.getTime() - 24 * 60 * MINUTE), new Date(now.getTime() - LOGIN_LIMITS.knownForMs));
  return { kind: "wrong_password", userId: user.id };
}

/**
 * Counts a check of the account's password by `client` (a login, or a signed-in user's current
 * password on /change: a stolen access token must not become a way to guess it) before it is made;
 * false when an allowance is used up and the password must not be looked at.
 */
export async function countPasswordCheck(db: Kysely<Database>, userId: string, client: string, now: Date): Promise<boolean> {
  const { client: perClient, account, knownForMs } = LOGIN_LIMITS;
  const counted = await countClientAttempt(db, userId, client, now, perClient.windowMs, perClient.attempts);
  if (!counted) return false;
  const known = counted.succeededAt !== null && Date.parse(counted.succeededAt) > now.getTime() - knownForMs;
  return (await countClientAttempt(db, userId, EVERY_CLIENT, now, account.windowMs, known ? account.attempts : account.strangerAttempts)) !== undefined;
}
