import type { Kysely } from "kysely";
import type { Context, MiddlewareHandler } from "hono";
import type { ApiEnv } from "../services.ts";
import { isRefreshFamilyRevoked } from "../db/repositories/refresh-tokens.ts";
import { findUserById } from "../db/repositories/users.ts";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../core/errors.ts";
import { readAccessToken } from "../auth/access-token.ts";

/** A compact JWS: three base64url parts. Anything else (a refresh token, garbage) is refused unread. */
const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

/**
 * Guards the admin calls: a valid access token of an existing user, issued after the user's last
 * revocation (logout, reject, password change, reset) and of a session that was not revoked (reuse of
 * a refresh token), or a 401; the user id is left in the context. adminRoute() puts noStore before
 * it, so that no cache keeps an admin reply, a 401 included.
 */
export const requireAdmin: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const userId = await authenticate(c.var.services.db, c.var.services.config.JWT_SECRET, c.req.header("Authorization"));
  if (!userId) throw new HttpError(401, "ERROR_UNAUTHORIZED");
  c.set("userId", userId);
  await next();
};

/** The user id of a bearer header that still grants access, else undefined. */
async function authenticate(db: Kysely<Database>, secret: string, header: string | undefined): Promise<string | undefined> {
  const match = BEARER.exec(header ?? "");
  const claims = match ? await readAccessToken(secret, match[1]) : undefined;
  if (!claims) return undefined;
  const user = await findUserById(db, claims.userId);
  if (!user || claims.issuedAtMs <= Date.parse(user.tokens_valid_after)) return undefined;
  if (await isRefreshFamilyRevoked(db, claims.sessionId)) return undefined;
  return user.id;
}

/** The user requireAdmin let through; a route without the guard gets a 401 rather than a crash. */
export function signedInUserId(c: Context<ApiEnv>): string {
  if (!c.var.userId) throw new HttpError(401, "ERROR_UNAUTHORIZED");
  return c.var.userId;
}
