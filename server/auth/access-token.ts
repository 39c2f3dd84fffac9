import { errors, jwtVerify, SignJWT } from "jose";

/** The only algorithm accepted: `alg: none` or an asymmetric one chosen by an attacker never verifies. */
const ALGORITHMS = ["HS256"];
const TOKEN_TYPE = "access";
/** Who issues the token and whom it is for: a token of another system sharing the secret by mistake is refused. */
export const TOKEN_ISSUER = "utilaje";
export const TOKEN_AUDIENCE = "utilaje-admin-api";

export interface AccessClaims {
  userId: string;
  /** The refresh-token family (the login session) the token belongs to. */
  sessionId: string;
  /** When the token was issued, in milliseconds (see mintAccessToken). */
  issuedAtMs: number;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * Signs an access token. Besides the standard `iat` (whole seconds) it carries `iat_ms`, the issue
 * instant in milliseconds: revocation compares it with users.tokens_valid_after (also milliseconds),
 * because with whole seconds a token minted just before a logout in the same second would survive it,
 * or one minted just after would be refused. `notBeforeMs` is the user's tokens_valid_after: the issue
 * instant is kept strictly after it, so a token minted in the very millisecond of a revocation that
 * preceded it still works, while one minted before a revocation can never be newer than it.
 * `sessionEndsAtMs` is the login session's absolute end (SESSION_MAX_AGE after the login): the token
 * expires then at the latest, however long its lifetime would carry it.
 */
export async function mintAccessToken(
  secret: string,
  options: {
    userId: string;
    sessionId: string;
    ttlSeconds: number;
    notBeforeMs: number;
    sessionEndsAtMs: number;
    now?: Date;
  },
): Promise<string> {
  const issuedAtMs = Math.max((options.now ?? new Date()).getTime(), options.notBeforeMs + 1);
  const issuedAt = Math.floor(issuedAtMs / 1000);
  const expiresAt = Math.min(issuedAt + options.ttlSeconds, Math.floor(options.sessionEndsAtMs / 1000));
  return new SignJWT({ typ: TOKEN_TYPE, iat_ms: issuedAtMs, sid: options.sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(options.userId)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key(secret));
}

/** The claims of a valid, unexpired access token, or undefined for any token that does not verify. */
export async function readAccessToken(secret: string, token: string): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ALGORITHMS,
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ["exp", "iat", "sub", "iss", "aud"],
    });
    const { typ, sub, sid, iat_ms: issuedAtMs } = payload;
    if (typ !== TOKEN_TYPE || typeof sub !== "string" || typeof sid !== "string" || typeof issuedAtMs !== "number")
      return undefined;
    return { userId: sub, sessionId: sid, issuedAtMs };
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}
