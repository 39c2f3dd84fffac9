import type { Kysely } from "kysely";
import type { Role } from "../../../common/team/roles.ts";
import type { Database, UserRow } from "../schema.ts";

/** The team's accounts and invitations (decision 091); the sign-in's own reads stay in ./users.ts. */

export type TeamRow = Pick<
  UserRow,
  "id" | "name" | "username" | "email" | "role" | "deactivated_at" | "password_hash" | "created_at"
>;

/** Every account, active first, then by name. */
export function listTeam(db: Kysely<Database>): Promise<TeamRow[]> {
  return db
    .selectFrom("users")
    .select(["id", "name", "username", "email", "role", "deactivated_at", "password_hash", "created_at"])
    .orderBy("username")
    .execute();
}

const TEAM_LOCK = "team_lock";

/**
 * Serialises the changes that could leave no active administrator: the first write of their
 * transaction, on one row, so a second such change waits for the first to commit (PostgreSQL's row
 * lock; SQLite has one writer) and then counts what the first left.
 */
export async function lockTeam(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto("app_state")
    .values({ key: TEAM_LOCK, value: "" })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: "" }))
    .execute();
}

/** The active administrators other than `exceptId`. */
export async function countOtherActiveAdministrators(db: Kysely<Database>, exceptId: string): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("role", "=", "administrator")
    .where("deactivated_at", "is", null)
    .where("password_hash", "!=", "")
    .where("id", "!=", exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateTeamMember(
  db: Kysely<Database>,
  id: string,
  fields: { name?: string; role?: Role; email?: string; deactivated_at?: string | null },
  now: Date,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ ...fields, updated_at: now.toISOString() })
    .where("id", "=", id)
    .execute();
}

/** Whether another account has this e-mail (the reset by e-mail must find one account). */
export async function emailTaken(db: Kysely<Database>, email: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom("users").select("id").where("email", "=", email);
  if (exceptId) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertInvitation(
  db: Kysely<Database>,
  row: { id: string; userId: string; tokenHash: string; expiresAt: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto("user_invitations")
    .values({
      id: row.id,
      user_id: row.userId,
      token_hash: row.tokenHash,
      expires_at: row.expiresAt,
      used_at: null,
      created_at: row.createdAt,
    })
    .execute();
}

/** A live invitation of this hash, or undefined (unknown, used, expired). */
export function findUsableInvitation(db: Kysely<Database>, tokenHash: string, now: string) {
  return db
    .selectFrom("user_invitations")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

/** Uses a live invitation up in one statement: two requests with one link cannot both succeed. */
export function consumeInvitation(db: Kysely<Database>, tokenHash: string, now: string) {
  return db
    .updateTable("user_invitations")
    .set({ used_at: now })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returningAll()
    .executeTakeFirst();
}

/** A deactivated account's invitations stop working with it. */
export async function retireInvitations(db: Kysely<Database>, userId: string, now: string): Promise<void> {
  await db
    .updateTable("user_invitations")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
}
