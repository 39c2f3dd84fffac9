import type { Kysely, Transaction } from "kysely";
import {
  EVERY_CLIENT,
  countClientAttempt,
  forgetIdleClients,
  recordLoginSuccess,
} from "../db/repositories/login-clients.ts";
import type { Database } from "../db/schema.ts";

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

/**
 * Counts a check of the account's password by `client` (a login, or a signed-in user's current
 * password on /change: a stolen access token must not become a way to guess it) before it is made;
 * false when an allowance is used up and the password must not be looked at.
 */
export async function countPasswordCheck(
  db: Kysely<Database>,
  userId: string,
  client: string,
  now: Date,
): Promise<boolean> {
  const { client: perClient, account, knownForMs } = LOGIN_LIMITS;
  const counted = await countClientAttempt(db, userId, client, now, perClient.windowMs, perClient.attempts);
  if (!counted) return false;
  const known = counted.succeededAt !== null && Date.parse(counted.succeededAt) > now.getTime() - knownForMs;
  return (
    (await countClientAttempt(
      db,
      userId,
      EVERY_CLIENT,
      now,
      account.windowMs,
      known ? account.attempts : account.strangerAttempts,
    )) !== undefined
  );
}

/** A login that succeeded (in its transaction): `client` is known to the account from now, and its failures are forgotten. */
export async function rememberLoginSuccess(
  db: Transaction<Database>,
  userId: string,
  client: string,
  now: Date,
): Promise<void> {
  await recordLoginSuccess(db, userId, client, now);
}

/**
 * After a wrong password: the account's addresses idle for a day and not known to it are forgotten,
 * so their rows do not pile up.
 */
export async function forgetIdleAddresses(db: Kysely<Database>, userId: string, now: Date): Promise<void> {
  await forgetIdleClients(
    db,
    userId,
    new Date(now.getTime() - 24 * 60 * MINUTE),
    new Date(now.getTime() - LOGIN_LIMITS.knownForMs),
  );
}
