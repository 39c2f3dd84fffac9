import type { Kysely } from "kysely";
import { findUserByUsername } from "../db/repositories/users.ts";
import type { Database, UserRow } from "../db/schema.ts";
import { countPasswordCheck, forgetIdleAddresses, rememberLoginSuccess } from "./login-lockout.ts";
import { checkPassword } from "./passwords.ts";

export type LoginOutcome =
  | { kind: "success"; user: UserRow }
  | { kind: "unknown_user" }
  | { kind: "wrong_password"; userId: string }
  | { kind: "locked"; userId: string };

/**
 * Checks a user name and password from `client` (its rate-limit key) against the login lockout
 * (./login-lockout.ts). The attempt is counted in the database before the password is checked; an
 * attempt beyond an allowance is refused without looking at the password (whoever tries). Every
 * refusal costs one argon2 verification, so the time of the reply does not tell an unknown name, a
 * wrong password and a refused attempt apart.
 */
export async function attemptLogin(
  db: Kysely<Database>,
  username: string,
  password: string,
  client: string,
): Promise<LoginOutcome> {
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
    await rememberLoginSuccess(db, user.id, client, now);
    return { kind: "success", user };
  }
  await forgetIdleAddresses(db, user.id, now);
  return { kind: "wrong_password", userId: user.id };
}
