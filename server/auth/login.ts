import type { Kysely } from "kysely";
import { findUserByUsername } from "../db/repositories/users.ts";
import { hasConfirmedSecondFactor } from "../db/repositories/second-factors.ts";
import type { Database, UserRow } from "../db/schema.ts";
import { countPasswordCheck, forgetIdleAddresses, rememberLoginSuccess } from "./login-lockout.ts";
import { checkPassword } from "./passwords.ts";
import { logActivity } from "../activity/activity-log.ts";
import { rateLimitKey } from "../http/client-address.ts";

export type LoginOutcome =
  | { kind: "success"; user: UserRow }
  | { kind: "code_needed"; user: UserRow }
  | { kind: "unknown_user" }
  | { kind: "wrong_password"; userId: string }
  | { kind: "locked"; userId: string };

/** What the log writes for a name no account has: never the name typed (it may be a password typed in the wrong field). */
const UNKNOWN_USER_NAME = "(nume necunoscut)";

/**
 * Checks a user name and password from `address` (counted by its rate-limit key) against the login lockout
 * (./login-lockout.ts). The attempt is counted in the database before the password is checked; an
 * attempt beyond an allowance is refused without looking at the password (whoever tries). Every
 * refusal costs one argon2 verification, so the time of the reply does not tell an unknown name, a
 * wrong password and a refused attempt apart.
 */
export async function attemptLogin(
  db: Kysely<Database>,
  username: string,
  password: string,
  address: string,
): Promise<LoginOutcome> {
  const client = rateLimitKey(address);
  const account = await findUserByUsername(db, username);
  // A deactivated account, or one whose invitation is not accepted yet, signs in as no account does.
  const user = account && account.deactivated_at === null && account.password_hash !== "" ? account : undefined;
  if (!user) {
    await checkPassword(undefined, password);
    await logActivity(
      db,
      { userId: account?.id ?? null, address },
      {
        action: "login_failed",
        kind: "user",
        itemId: account?.id ?? null,
        itemName: account?.username ?? UNKNOWN_USER_NAME,
        userName: UNKNOWN_USER_NAME,
        summary: account
          ? "Autentificare refuzata: contul este dezactivat sau invitatia neacceptata"
          : "Autentificare refuzata: niciun cont cu acest nume",
      },
    );
    return { kind: "unknown_user" };
  }
  const actor = { userId: user.id, address };
  const entry = { kind: "user", itemId: user.id, itemName: user.username } as const;
  const now = new Date();
  if (!(await countPasswordCheck(db, user.id, client, now))) {
    await checkPassword(undefined, password);
    await logActivity(db, actor, {
      ...entry,
      action: "login_locked",
      summary: "Autentificare refuzata fara verificare: prea multe incercari gresite",
    });
    return { kind: "locked", userId: user.id };
  }
  if (await checkPassword(user.password_hash, password)) {
    // With a second factor the login succeeds at the code step (decision 092): the address keeps its
    // count of failures until then, so codes are guessed no faster than passwords.
    if (await hasConfirmedSecondFactor(db, user.id)) {
      await logActivity(db, actor, {
        ...entry,
        action: "login_password",
        summary: "Parola corecta; se asteapta codul",
      });
      return { kind: "code_needed", user };
    }
    await db.transaction().execute(async (trx) => {
      await rememberLoginSuccess(trx, user.id, client, now);
      await logActivity(trx, actor, { ...entry, action: "login", summary: "Autentificare reusita" });
    });
    return { kind: "success", user };
  }
  await db.transaction().execute(async (trx) => {
    await forgetIdleAddresses(trx, user.id, now);
    await logActivity(trx, actor, {
      ...entry,
      action: "login_failed",
      summary: "Autentificare refuzata: parola gresita",
    });
  });
  return { kind: "wrong_password", userId: user.id };
}
