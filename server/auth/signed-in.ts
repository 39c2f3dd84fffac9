import { isRefreshFamilyRevoked } from "../db/repositories/refresh-tokens.ts";
import { findUserById } from "../db/repositories/users.ts";
import { readAccessToken } from "./access-token.ts";
import type { AuthServices } from "./services.ts";

/** A compact JWS: three base64url parts. Anything else (a refresh token, garbage) is refused unread. */
const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

/**
 * The user id and session of a bearer header that still grants access: a valid access token of an
 * existing user, issued after the user's last revocation (logout, reject, password change, reset) and
 * of a session that was not revoked (reuse of a refresh token, a session ended in Securitate); else undefined.
 */
export async function userOfBearer(
  services: Pick<AuthServices, "db" | "config">,
  header: string | undefined,
): Promise<{ userId: string; sessionId: string } | undefined> {
  const match = BEARER.exec(header ?? "");
  const claims = match ? await readAccessToken(services.config.JWT_SECRET, match[1]) : undefined;
  if (!claims) return undefined;
  const user = await findUserById(services.db, claims.userId);
  if (!user || claims.issuedAtMs <= Date.parse(user.tokens_valid_after)) return undefined;
  if (await isRefreshFamilyRevoked(services.db, claims.sessionId)) return undefined;
  return { userId: user.id, sessionId: claims.sessionId };
}

/** The signed-in user's account as GET /me shows it; undefined once the user is gone. */
export async function accountOf(
  services: Pick<AuthServices, "db">,
  userId: string,
): Promise<{ username: string; email: string } | undefined> {
  const user = await findUserById(services.db, userId);
  return user && { username: user.username, email: user.email };
}
