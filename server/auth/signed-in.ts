import type { Role } from "../../common/team/roles.ts";
import type { Account } from "../../common/team/team-schemas.ts";
import { isRefreshFamilyRevoked } from "../db/repositories/refresh-tokens.ts";
import { findUserById } from "../db/repositories/users.ts";
import { readAccessToken } from "./access-token.ts";
import type { AuthServices } from "./services.ts";

/** A compact JWS: three base64url parts. Anything else (a refresh token, garbage) is refused unread. */
const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

/** Who a bearer token speaks for: the account, its role (decision 091) and the session (decision 092). */
export interface SignedInUser {
  id: string;
  role: Role;
  sessionId: string;
}

/**
 * The user, role and session of a bearer header that still grants access: a valid access token of an
 * existing, active user, issued after the user's last revocation (logout, reject, password change, reset,
 * deactivation) and of a session that was not revoked (reuse of a refresh token, a session ended in
 * Securitate); else undefined. The role is read here, with the account, so a changed role counts from
 * the next call.
 */
export async function userOfBearer(
  services: Pick<AuthServices, "db" | "config">,
  header: string | undefined,
): Promise<SignedInUser | undefined> {
  const match = BEARER.exec(header ?? "");
  const claims = match ? await readAccessToken(services.config.JWT_SECRET, match[1]) : undefined;
  if (!claims) return undefined;
  const user = await findUserById(services.db, claims.userId);
  if (!user || user.deactivated_at !== null || claims.issuedAtMs <= Date.parse(user.tokens_valid_after))
    return undefined;
  if (await isRefreshFamilyRevoked(services.db, claims.sessionId)) return undefined;
  return { id: user.id, role: user.role, sessionId: claims.sessionId };
}

/** The signed-in user's account as GET /me shows it; undefined once the user is gone. */
export async function accountOf(services: Pick<AuthServices, "db">, userId: string): Promise<Account | undefined> {
  const user = await findUserById(services.db, userId);
  return user && { username: user.username, email: user.email, name: user.name, role: user.role };
}
