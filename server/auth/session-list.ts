import type { Kysely } from "kysely";
import { browserName } from "../../common/schemas/sessions.ts";
import { logActivity, type Actor } from "../activity/activity-log.ts";
import { HttpError } from "../core/errors.ts";
import { listOpenSessions, revokeOpenSessions } from "../db/repositories/refresh-tokens.ts";
import { findUserById } from "../db/repositories/users.ts";
import type { Database, UserRow } from "../db/schema.ts";

/**
 * The sessions list (decision 092): a session is a refresh-token family, open while its current token
 * is; it ends when its family is revoked, and its access tokens are refused at their next call
 * (userOfBearer checks the family). Whose: the signed-in person's own, or anyone's by user id (every
 * account is the administrator today; the route's right will say who may).
 */

export interface SessionView {
  id: string;
  browser: string;
  userAgent: string | null;
  address: string | null;
  /** The login or last refresh: when the session last renewed its tokens. */
  lastUsedAt: string;
  current: boolean;
}

async function personOf(db: Kysely<Database>, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new HttpError(404, "SESSION_USER_NOT_FOUND");
  return user;
}

export async function sessionsOf(
  db: Kysely<Database>,
  userId: string,
  currentSessionId: string,
): Promise<SessionView[]> {
  await personOf(db, userId);
  const rows = await listOpenSessions(db, userId, new Date().toISOString());
  return rows.map((row) => ({
    id: row.family_id,
    browser: browserName(row.user_agent),
    userAgent: row.user_agent,
    address: row.address,
    lastUsedAt: row.created_at,
    current: row.family_id === currentSessionId,
  }));
}

/**
 * Ends sessions of `userId`: `sessionId` alone (404 SESSION_NOT_FOUND when it is not open), or every
 * one but the caller's own. Logged with the count.
 */
export async function endSessionsOf(
  db: Kysely<Database>,
  actor: Actor & { sessionId: string },
  userId: string,
  which: { sessionId: string } | "others",
): Promise<number> {
  const user = await personOf(db, userId);
  return db.transaction().execute(async (trx) => {
    const ended = await revokeOpenSessions(
      trx,
      userId,
      new Date().toISOString(),
      which === "others" ? { except: actor.sessionId } : { only: [which.sessionId] },
    );
    if (which !== "others" && ended.length === 0) throw new HttpError(404, "SESSION_NOT_FOUND");
    if (ended.length > 0) {
      const own = userId === actor.userId;
      await logActivity(trx, actor, {
        action: "session_end",
        kind: "user",
        itemId: user.id,
        itemName: user.username,
        summary:
          which === "others"
            ? `${ended.length} ${ended.length === 1 ? "sesiune inchisa" : "sesiuni inchise"} (${own ? "celelalte sesiuni proprii" : "toate sesiunile contului"})`
            : `Sesiune inchisa (${own ? "proprie" : "a contului"})`,
      });
    }
    return ended.length;
  });
}
