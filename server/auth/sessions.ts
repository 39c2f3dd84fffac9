import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Config } from "../core/config.ts";
import { insertRefreshToken } from "../db/repositories/refresh-tokens.ts";
import { revokeSessions } from "../db/repositories/users.ts";
import type { Database, UserRow } from "../db/schema.ts";
import { mintAccessToken } from "./access-token.ts";
import { hashToken, randomToken } from "./random-tokens.ts";

/** The login reply of spec §3. */
export interface TokenPair {
  token: string;
  refreshToken: string;
}

/** The browser and address a login or refresh came from, as the sessions list shows them. */
export interface SessionClient {
  userAgent: string;
  address: string;
}

/** A User-Agent is kept to this length: enough to name a browser and its system. */
const USER_AGENT_MAX = 300;

/** A login session: the family of refresh tokens that rotation passes on, and when the login was. */
export interface Session {
  id: string;
  startedAt: Date;
}

/**
 * A new access token and a new refresh token; the refresh token joins `session` (a rotation) or
 * starts a new one (a login). It lives REFRESH_TOKEN_TTL seconds (each rotation starts that again),
 * but never past SESSION_MAX_AGE seconds after the login, and neither does the access token. Only the
 * refresh token's hash is stored.
 */
export async function issueTokens(
  db: Kysely<Database>,
  config: Pick<Config, "JWT_SECRET" | "ACCESS_TOKEN_TTL" | "REFRESH_TOKEN_TTL" | "SESSION_MAX_AGE">,
  user: Pick<UserRow, "id" | "tokens_valid_after">,
  session?: Session,
  client?: SessionClient,
): Promise<TokenPair> {
  const now = new Date();
  const { id: familyId, startedAt } = session ?? { id: randomUUID(), startedAt: now };
  const sessionEndsAtMs = startedAt.getTime() + config.SESSION_MAX_AGE * 1000;
  const expiresAt = Math.min(now.getTime() + config.REFRESH_TOKEN_TTL * 1000, sessionEndsAtMs);
  const refreshToken = randomToken();
  await insertRefreshToken(db, {
    id: randomUUID(),
    userId: user.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(expiresAt).toISOString(),
    createdAt: now.toISOString(),
    userAgent: client?.userAgent.slice(0, USER_AGENT_MAX),
    address: client?.address,
  });
  const token = await mintAccessToken(config.JWT_SECRET, {
    userId: user.id,
    sessionId: familyId,
    ttlSeconds: config.ACCESS_TOKEN_TTL,
    notBeforeMs: Date.parse(user.tokens_valid_after),
    sessionEndsAtMs,
    now,
  });
  return { token, refreshToken };
}

/** GET /logout: ends every session of the user (refresh tokens revoked, access tokens issued until now refused). */
export async function endSessions(db: Kysely<Database>, userId: string): Promise<void> {
  await db.transaction().execute((trx) => revokeSessions(trx, userId, new Date()));
}
