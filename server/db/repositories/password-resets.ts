import type { Kysely, Selectable } from "kysely";
import type { Database, PasswordResetTable } from "../schema.ts";

export type PasswordResetRow = Selectable<PasswordResetTable>;

export async function insertPasswordReset(
  db: Kysely<Database>,
  row: { id: string; userId: string; tokenHash: string; expiresAt: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto("password_resets")
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

/** A newer request supersedes the links sent before it: only the latest e-mail works. */
export async function retirePendingResets(db: Kysely<Database>, userId: string, now: string): Promise<void> {
  await db
    .updateTable("password_resets")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
}

export function findUsableReset(
  db: Kysely<Database>,
  tokenHash: string,
  now: string,
): Promise<PasswordResetRow | undefined> {
  return db
    .selectFrom("password_resets")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

/** Uses a live reset token up, in one statement, so two requests with the same link cannot both succeed. */
export function consumeReset(
  db: Kysely<Database>,
  tokenHash: string,
  now: string,
): Promise<PasswordResetRow | undefined> {
  return db
    .updateTable("password_resets")
    .set({ used_at: now })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returningAll()
    .executeTakeFirst();
}
