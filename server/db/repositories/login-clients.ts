import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../schema.ts";

/** The row of an account that counts the attempts of every client together. */
export const EVERY_CLIENT = "*";

/**
 * Counts a login attempt of `client` on the account, in one statement (parallel attempts cannot
 * slip past the ceiling): a window of `windowMs` opens at the first attempt, and while it is open at
 * most `ceiling` attempts are counted. Returns the attempt's number and when the client last logged
 * in, or undefined when the ceiling is reached (the attempt is refused unchecked).
 */
export async function countClientAttempt(
  db: Kysely<Database>,
  userId: string,
  client: string,
  now: Date,
  windowMs: number,
  ceiling: number,
): Promise<{ attempt: number; succeededAt: string | null } | undefined> {
  const at = now.toISOString();
  const windowOpenedAfter = new Date(now.getTime() - windowMs).toISOString();
  const fresh = sql<boolean>`login_clients.window_start <= ${windowOpenedAfter}`;
  const row = await db
    .insertInto("login_clients")
    .values({ user_id: userId, client, attempts: 1, window_start: at, succeeded_at: null })
    .onConflict((conflict) =>
      conflict
        .columns(["user_id", "client"])
        .doUpdateSet({
          attempts: sql<number>`case when ${fresh} then 1 else login_clients.attempts + 1 end`,
          window_start: sql<string>`case when ${fresh} then ${at} else login_clients.window_start end`,
        })
        .where(sql<boolean>`${fresh} or login_clients.attempts < ${ceiling}`),
    )
    .returning(["attempts", "succeeded_at"])
    .executeTakeFirst();
  return row ? { attempt: Number(row.attempts), succeededAt: row.succeeded_at } : undefined;
}

/**
 * A successful login: the client's failures are forgotten and it is known from now; the account's
 * budget gets its attempt back. Both in the caller's transaction (with the login's log entry).
 */
export async function recordLoginSuccess(
  trx: Transaction<Database>,
  userId: string,
  client: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable("login_clients")
    .set({ attempts: 0, succeeded_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("client", "=", client)
    .execute();
  await trx
    .updateTable("login_clients")
    .set({ attempts: sql<number>`attempts - 1` })
    .where("user_id", "=", userId)
    .where("client", "=", EVERY_CLIENT)
    .where("attempts", ">", 0)
    .execute();
}

/**
 * Forgets the clients of an account whose window closed before `before` and that never logged in
 * since `knownAfter`.
 */
export async function forgetIdleClients(
  db: Kysely<Database>,
  userId: string,
  before: Date,
  knownAfter: Date,
): Promise<void> {
  await db
    .deleteFrom("login_clients")
    .where("user_id", "=", userId)
    .where("client", "!=", EVERY_CLIENT)
    .where("window_start", "<", before.toISOString())
    .where((eb) => eb.or([eb("succeeded_at", "is", null), eb("succeeded_at", "<", knownAfter.toISOString())]))
    .execute();
}

/** A new password: every address starts again (those that logged in stay known). */
export async function forgetLoginAttempts(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom("login_clients").where("user_id", "=", userId).where("succeeded_at", "is", null).execute();
  await db.updateTable("login_clients").set({ attempts: 0 }).where("user_id", "=", userId).execute();
}
