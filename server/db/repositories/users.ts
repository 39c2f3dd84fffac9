import type { Insertable, Kysely } from "kysely";
import type { Database, UserRow, UserTable } from "../schema.ts";

export function findUserByUsername(db: Kysely<Database>, username: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("username", "=", username.trim().toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("users").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertUser(db: Kysely<Database>, user: Insertable<UserTable>): Promise<void> {
  await db.insertInto("users").values({ ...user, username: user.username.trim().toLowerCase() }).execute();
}

/** Sets a new password and makes every token issued before now invalid. */
export async function setPassword(db: Kysely<Database>, userId: string, passwordHash: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .updateTable("users")
    .set({ password_hash: passwordHash, tokens_valid_after: at, failed_logins: 0, locked_until: null, updated_at: at })
    .where("id", "=", userId)
    .execute();
  await db.updateTable("refresh_tokens").set({ revoked_at: at }).where("user_id", "=", userId).where("revoked_at", "is", null).execute();
}
