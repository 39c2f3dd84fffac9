import type { ExpressionBuilder, Kysely, Selectable } from "kysely";
import type { Database, SingleUseLinkTable } from "../schema.ts";

/**
 * Single-use hashed links (password resets, invitations, the second factor's login challenges): one
 * table each, one shape, one way to issue, find and use up a link. The token itself is never stored,
 * only its hash.
 */

/** The tables of that shape. */
export type LinkTable = "password_resets" | "user_invitations" | "login_challenges";

export type LinkRow = Selectable<SingleUseLinkTable>;

export async function insertLink(
  db: Kysely<Database>,
  table: LinkTable,
  row: { id: string; userId: string; tokenHash: string; expiresAt: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto(table)
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

/** The link of this hash while it can still be used: unused and unexpired. */
const live =
  (tokenHash: string, now: string) =>
  ({ and, eb }: ExpressionBuilder<Database, LinkTable>) =>
    and([eb("token_hash", "=", tokenHash), eb("used_at", "is", null), eb("expires_at", ">", now)]);

/** The link of this hash while it can still be used, or undefined. */
export function findLiveLink(
  db: Kysely<Database>,
  table: LinkTable,
  tokenHash: string,
  now: string,
): Promise<LinkRow | undefined> {
  return db.selectFrom(table).selectAll().where(live(tokenHash, now)).executeTakeFirst();
}

/** Uses a live link up, in one statement, so two requests with the same link cannot both succeed. */
export function consumeLink(
  db: Kysely<Database>,
  table: LinkTable,
  tokenHash: string,
  now: string,
): Promise<LinkRow | undefined> {
  return db.updateTable(table).set({ used_at: now }).where(live(tokenHash, now)).returningAll().executeTakeFirst();
}

/** The account's links not yet used stop working (a newer one supersedes them, or the account is closed). */
export async function retireLinks(db: Kysely<Database>, table: LinkTable, userId: string, now: string): Promise<void> {
  await db
    .updateTable(table)
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
}

/** Links expired before `before` are forgotten, so the table does not grow. */
export async function forgetExpiredLinks(db: Kysely<Database>, table: LinkTable, before: string): Promise<void> {
  await db.deleteFrom(table).where("expires_at", "<", before).execute();
}
