import type { Insertable, Kysely } from "kysely";
import type { Database, UserRow, UserTable } from "../schema.ts";
import { userNameKey } from "../../../common/team/team-schemas.ts";
import { forgetLoginAttempts } from "./login-clients.ts";
import { retireLinks } from "./single-use-links.ts";
import { revokeUserRefreshTokens } from "./refresh-tokens.ts";

/** The account of a user name as typed: capitals and diacritics do not count (decision 091). */
export function findUserByUsername(db: Kysely<Database>, username: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("username_key", "=", userNameKey(username)).executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The accounts' ids and names, by name. */
export function listUsers(db: Kysely<Database>): Promise<Pick<UserRow, "id" | "username">[]> {
  return db.selectFrom("users").select(["id", "username"]).orderBy("username").execute();
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A user's row as its writer gives it: the folded user name is made here. */
export type NewUser = Omit<Insertable<UserTable>, "username_key">;

/** A new user's row: no failed logins, no lock, tokens valid from its creation. */
export function newUserRow(
  fields: Pick<NewUser, "id" | "username" | "email" | "password_hash" | "name" | "role" | "invited_by">,
  now = new Date(),
): NewUser {
  const at = now.toISOString();
  return { ...fields, tokens_valid_after: at, created_at: at, updated_at: at };
}

export async function insertUser(db: Kysely<Database>, user: NewUser): Promise<void> {
  await db.insertInto("users").values(normalisedUser(user)).execute();
}

/**
 * Inserts the user unless one with the same user name exists; true when this call inserted it.
 * Instances starting together on one database race to create the administrator: one wins, the
 * others find it made, and none fails.
 */
export async function insertUserIfAbsent(db: Kysely<Database>, user: NewUser): Promise<boolean> {
  const result = await db
    .insertInto("users")
    .values(normalisedUser(user))
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

function normalisedUser(user: NewUser): Insertable<UserTable> {
  const username = user.username.trim().normalize("NFC").toLowerCase();
  return {
    ...user,
    name: user.name ?? username,
    username,
    username_key: userNameKey(username),
    email: user.email.trim().toLowerCase(),
  };
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
 * Sets a new password, gives every address its login attempts back (decision 053), ends every session and retires every
 * reset link still outstanding (one mailed before the change must not replace the new password). Call it inside a
 * transaction.
 */
export async function setPassword(
  db: Kysely<Database>,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", userId).execute();
  await forgetLoginAttempts(db, userId);
  await revokeSessions(db, userId, now);
  await retireLinks(db, "password_resets", userId, now.toISOString());
}
