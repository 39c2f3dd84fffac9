import type { Kysely, Selectable } from "kysely";
import type { Database, RefreshTokenTable } from "../schema.ts";

export type RefreshTokenRow = Selectable<RefreshTokenTable>;

export async function insertRefreshToken(
  db: Kysely<Database>,
  row: {
    id: string;
    userId: string;
    familyId: string;
    tokenHash: string;
    expiresAt: string;
    createdAt: string;
    userAgent?: string | null;
    address?: string | null;
  },
): Promise<void> {
  await db
    .insertInto("refresh_tokens")
    .values({
      id: row.id,
      user_id: row.userId,
      family_id: row.familyId,
      token_hash: row.tokenHash,
      expires_at: row.expiresAt,
      used_at: null,
      revoked_at: null,
      created_at: row.createdAt,
      user_agent: row.userAgent ?? null,
      address: row.address ?? null,
    })
    .execute();
}

/**
 * Marks a live refresh token used and returns it, in one statement: of two requests racing with the
 * same token exactly one gets the row, the other sees it used (a replay).
 */
export function consumeRefreshToken(
  db: Kysely<Database>,
  tokenHash: string,
  now: string,
): Promise<RefreshTokenRow | undefined> {
  return db
    .updateTable("refresh_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .returningAll()
    .executeTakeFirst();
}

/** The token, while it still works: unused, unrevoked and unexpired. */
export function isCurrentRefreshToken(
  db: Kysely<Database>,
  tokenHash: string,
  now: string,
): Promise<RefreshTokenRow | undefined> {
  return db
    .selectFrom("refresh_tokens")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

/** When the session (the family's first token, made at login) began. */
export async function sessionStartedAt(db: Kysely<Database>, familyId: string): Promise<Date> {
  const row = await db
    .selectFrom("refresh_tokens")
    .select((eb) => eb.fn.min("created_at").as("started"))
    .where("family_id", "=", familyId)
    .executeTakeFirstOrThrow();
  return new Date(String(row.started));
}

export function findRefreshToken(db: Kysely<Database>, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom("refresh_tokens").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

export async function revokeRefreshFamily(db: Kysely<Database>, familyId: string, now: string): Promise<void> {
  await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: now })
    .where("family_id", "=", familyId)
    .where("revoked_at", "is", null)
    .execute();
}

export async function revokeUserRefreshTokens(db: Kysely<Database>, userId: string, now: string): Promise<void> {
  await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: now })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .execute();
}

/** A family is revoked as a whole (logout, reject, reuse of a used token): one revoked row says so. */
export async function isRefreshFamilyRevoked(db: Kysely<Database>, familyId: string): Promise<boolean> {
  const row = await db
    .selectFrom("refresh_tokens")
    .select("id")
    .where("family_id", "=", familyId)
    .where("revoked_at", "is not", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** An open session as its newest token shows it: the browser and address of its last login or refresh, and when. */
export interface OpenSessionRow {
  family_id: string;
  user_agent: string | null;
  address: string | null;
  created_at: string;
}

/**
 * The user's open sessions: each family's current token (unused, unrevoked, unexpired), the most
 * recently used first.
 */
export function listOpenSessions(db: Kysely<Database>, userId: string, now: string): Promise<OpenSessionRow[]> {
  return db
    .selectFrom("refresh_tokens")
    .select(["family_id", "user_agent", "address", "created_at"])
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy("created_at", "desc")
    .orderBy("family_id")
    .execute();
}

/** Ends the user's open sessions, or those of `familyIds` only; the ids of the sessions that were open and ended. */
export async function revokeOpenSessions(
  db: Kysely<Database>,
  userId: string,
  now: string,
  which: { only: string[] } | { except: string | undefined },
): Promise<string[]> {
  const open = (await listOpenSessions(db, userId, now)).map((row) => row.family_id);
  const ending =
    "only" in which ? open.filter((id) => which.only.includes(id)) : open.filter((id) => id !== which.except);
  if (ending.length > 0) {
    await db
      .updateTable("refresh_tokens")
      .set({ revoked_at: now })
      .where("user_id", "=", userId)
      .where("family_id", "in", ending)
      .where("revoked_at", "is", null)
      .execute();
  }
  return ending;
}
