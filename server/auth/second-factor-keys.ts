import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

/**
 * The keys of the second factor (decision 092), derived from JWT_SECRET with HKDF, one per use: the
 * TOTP secrets are stored encrypted (AES-256-GCM) and the recovery codes as keyed hashes, so a copy
 * of the database alone holds neither, as long as JWT_SECRET is set in the environment and not kept
 * in the database.
 */

function derivedKey(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", serverSecret, "utilaje", purpose, 32));
}

const VERSION = "v1";

/** `v1.<iv>.<tag>.<ciphertext>`, base64url: the version lets the format change later. */
export function sealSecret(serverSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derivedKey(serverSecret, "totp-secret"), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64url")).join(".");
}

/** The secret, or undefined when it was sealed with another server secret (or was tampered with). */
export function openSecret(serverSecret: string, stored: string): string | undefined {
  const [version, iv, tag, sealed] = stored.split(".");
  if (version !== VERSION || iv === undefined || tag === undefined || sealed === undefined) return undefined;
  try {
    const decipher = createDecipheriv(
      "aes-256-gcm",
      derivedKey(serverSecret, "totp-secret"),
      Buffer.from(iv, "base64url"),
    );
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}

/**
 * A recovery code's stored form: HMAC-SHA256 under a key of the server. Fifty random bits are no
 * password: a slow hash would cost every use without adding to that, and the key keeps a copy of
 * the table from being searched offline.
 */
export function recoveryCodeHash(serverSecret: string, code: string): string {
  return createHmac("sha256", derivedKey(serverSecret, "recovery-code")).update(code).digest("hex");
}
