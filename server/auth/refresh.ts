import type { Kysely } from "kysely";
import {
  consumeRefreshToken,
  findRefreshToken,
  isCurrentRefreshToken,
  revokeRefreshFamily,
  sessionStartedAt,
} from "../db/repositories/refresh-tokens.ts";
import { findUserById } from "../db/repositories/users.ts";
import type { Database } from "../db/schema.ts";
import type { AuthServices } from "./services.ts";
import { hashToken } from "./random-tokens.ts";
import { issueTokens, type SessionClient, type TokenPair } from "./sessions.ts";

/**
 * Trades a live refresh token for a new pair of the same session (its family); the old one is used
 * up. A used token presented again was stolen, or its client was: the whole session ends. Undefined
 * for any token that no longer works (unknown, used, revoked, past its sliding or absolute lifetime).
 */
export async function rotateRefreshToken(
  services: Pick<AuthServices, "db" | "config" | "logger">,
  refreshToken: string,
  requestId: string,
  client?: SessionClient,
): Promise<TokenPair | undefined> {
  const { db, config, logger } = services;
  const now = new Date().toISOString();
  const tokenHash = hashToken(refreshToken);
  return db.transaction().execute(async (trx) => {
    const consumed = await consumeRefreshToken(trx, tokenHash, now);
    if (consumed) {
      const user = await findUserById(trx, consumed.user_id);
      if (!user || user.deactivated_at !== null) return undefined;
      return issueTokens(
        trx,
        config,
        user,
        { id: consumed.family_id, startedAt: await sessionStartedAt(trx, consumed.family_id) },
        client,
      );
    }
    const known = await findRefreshToken(trx, tokenHash);
    if (known?.used_at && !known.revoked_at) {
      await revokeRefreshFamily(trx, known.family_id, now);
      logger.warn(
        { requestId, userId: known.user_id, sessionId: known.family_id },
        "refresh token reused: session revoked",
      );
    }
    return undefined;
  });
}

/**
 * POST /token/reject: ends the session of this refresh token, and only while the token is current
 * (unused, unrevoked, unexpired). A stale or unknown token changes nothing: someone holding an old,
 * rotated-away token cannot end the session of whoever holds its successor.
 */
export async function rejectRefreshToken(db: Kysely<Database>, refreshToken: string): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const token = await isCurrentRefreshToken(trx, hashToken(refreshToken), now);
    if (token) await revokeRefreshFamily(trx, token.family_id, now);
  });
}
