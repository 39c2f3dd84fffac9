import { sql, type Insertable, type Kysely } from "kysely";
import type { Database, UserRow, UserTable } from "../schema.ts";
import { retirePendingResets } from "./password-resets.ts";
import { revokeUserRefreshTokens } from "./refresh-tokens.ts";

export function findUserByUsername(db: Kysely<Database>, username: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("username", "=", username.trim().toLowerCase()).executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("users").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A new user's row: no failed logins, no lock, tokens valid from its creation. */
export function newUserRow(fields: Pick<Insertable<UserTable>, "id" | "username" | "email" | "password_hash">, now = new Date()): Insertable<UserTable> {
  const at = now.toISOString();
  return { ...fields, tokens_valid_after: at, failed_logins: 0, failed_window_start: null, locked_until: null, created_at: at, updated_at: at };
}

export async function insertUser(db: Kysely<Database>, user: Insertable<UserTable>): Promise<void> {
  await db.insertInto("users").values(normalisedUser(user)).execute();
}

/**
 * Inserts the user unless one with the same user name exists; true when this call inserted it.
 * Instances starting together on one database race to create the administrator: one wins, the
 * others find it made, and none fails.
 */
export async function insertUserIfAbsent(db: Kysely<Database>, user: Insertable<UserTable>): Promise<boolean> {
  const result = await db
    .insertInto("users")
    .values(normalisedUser(user))
    .onConflict((conflict) => conflict.column("username").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

function normalisedUser(user: Insertable<UserTable>): Insertable<UserTable> {
  return { ...user, username: user.username.trim().toLowerCase(), email: user.email.trim().toLowerCase() };
}

/**
 * Ends every session of the user: refresh tokens are revoked and access tokens issued up to `now`
 * are refused. Call it inside a transaction (both tables change).
 */
export async function revokeSessions(db: Kysely<Database>, userId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.updateTable("users").set({ tokens_valid_after: at, updated_at: at }).where("id", "=", userId).execute();
  await revokeUserRefreshTokens(db, userId, at);
}

/**
 * Sets a new password, clears any lock, ends every session and retires every reset link still
 * outstanding (one mailed before the change must not replace the new password). Call it inside a transaction.
 */
export async function setPassword(db: Kysely<Database>, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db
    .updateTable("users")
    .set({ password_hash: passwordHash, failed_logins: 0, failed_window_start: null, locked_until: null })
    .where("id", "=", userId)
    .execute();
  await revokeSessions(db, userId, now);
  await retirePendingResets(db, userId, now.toISOString());
}

/**
 * Counts one login attempt before its password is checked, atomically in the database: the counter
 * restarts when the window or a lock has run out, and a locked account is not touched (undefined is returned).
 * Counting before the (slow) check means a burst of parallel guesses cannot all slip past the limit.
 */
export async function countLoginAttempt(
  db: Kysely<Database>,
  userId: string,
  now: Date,
  windowMs: number,
): Promise<number | undefined> {
  const at = now.toISOString();
  const windowOpenedAfter = new Date(now.getTime() - windowMs).toISOString();
  // A new window opens when the last one is over, or a lock has run out (locks still running are excluded below).
  const freshWindow = sql<boolean>`failed_window_start is null or failed_window_start <= ${windowOpenedAfter} or locked_until is not null`;
  const row = await db
    .updateTable("users")
    .set({
      failed_logins: sql<number>`case when ${freshWindow} then 1 else failed_logins + 1 end`,
      failed_window_start: sql<string>`case when ${freshWindow} then ${at} else failed_window_start end`,
      locked_until: null,
    })
    .where("id", "=", userId)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", at)]))
    .returning("failed_logins")
    .executeTakeFirst();
  return row ? Number(row.failed_logins) : undefined;
}

export async function lockUser(db: Kysely<Database>, userId: string, until: Date): Promise<void> {
  await db.updateTable("users").set({ locked_until: until.toISOString() }).where("id", "=", userId).execute();
}

/** A successful login forgets the failures before it. */
export async function clearLoginFailures(db: Kysely<Database>, userId: string): Promise<void> {
  await db.updateTable("users").set({ failed_logins: 0, failed_window_start: null, locked_until: null }).where("id", "=", userId).execute();
}
