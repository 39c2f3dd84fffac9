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
