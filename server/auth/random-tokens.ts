import { createHash, randomBytes } from "node:crypto";

/** 256 random bits as base64url: refresh and reset tokens are unguessable and URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * The form a token is stored in. A plain SHA-256 is enough for 256-bit random values (no salt or slow
 * hash needed: they cannot be guessed), and a leaked table then holds nothing that works as a token.
 */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
