import { createHmac } from "node:crypto";
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { HttpError } from "../core/errors.ts";
import type { CaptchaProof } from "./proof.ts";

/** A challenge is answered within this time or not at all: an answer found later is refused. */
export const CHALLENGE_LIFETIME_MS = 10 * 60_000;
const ALGORITHM = "SHA-256";

export interface AltchaOptions {
  /** The server's secret; the two HMAC keys are derived from it, so there is nothing more to keep. */
  secret: string;
  cost: number;
  maxCounter: number;
}

/**
 * ALTCHA proof of work (altcha-lib 2): the server picks a random counter, derives its key and signs the
 * challenge; the browser finds the counter by trying them in order. Verification checks the signatures
 * only (no re-derivation), so a flood of answers costs the server two HMACs each.
 */
export function createAltcha(options: AltchaOptions) {
  const hmacSignatureSecret = derive(options.secret, "altcha-challenge");
  const hmacKeySignatureSecret = derive(options.secret, "altcha-key");
  return {
    async challenge(now = new Date()): Promise<Challenge> {
      return createChallenge({
        algorithm: ALGORITHM,
        cost: options.cost,
        counter: randomInt(options.maxCounter, Math.floor(options.maxCounter / 10)),
        deriveKey,
        expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },
    /** The proof of a base64 JSON `{ challenge, solution }`; a bad or expired one is a 400. */
    async verify(token: string): Promise<CaptchaProof> {
      const payload = decode(token);
      if (!payload) throw new HttpError(400, "INVALID_CAPTCHA_TOKEN");
      const { challenge, solution } = payload;
      const result = await verifySolution({
        challenge,
        solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }).catch(() => undefined);
      if (!result?.verified || challenge.parameters.algorithm !== ALGORITHM || !challenge.signature) {
        throw new HttpError(400, "INVALID_CAPTCHA_TOKEN");
      }
      return {
        key: `altcha:${challenge.signature}`,
        expiresAt: new Date((challenge.parameters.expiresAt ?? 0) * 1000),
      };
    },
  };
}

export type Altcha = ReturnType<typeof createAltcha>;

function derive(secret: string, purpose: string): string {
  return createHmac("sha256", secret).update(purpose).digest("hex");
}

/** Only the shape verifySolution reads; anything else (not base64, not JSON, missing parts) is no proof. */
function decode(token: string): { challenge: Challenge; solution: Solution } | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, "base64").toString("utf8"));
    if (!isRecord(value) || !isRecord(value.challenge) || !isRecord(value.solution)) return undefined;
    const { challenge, solution } = value;
    if (!isRecord(challenge.parameters) || typeof challenge.signature !== "string") return undefined;
    if (typeof challenge.parameters.expiresAt !== "number") return undefined;
    return { challenge: challenge as unknown as Challenge, solution: solution as unknown as Solution };
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
