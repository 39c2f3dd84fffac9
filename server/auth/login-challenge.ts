import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { forgetExpiredLinks, insertLink } from "../db/repositories/single-use-links.ts";
import type { Database } from "../db/schema.ts";
import { hashToken, randomToken } from "./random-tokens.ts";

/** How long the code step waits after the password step: long enough to open an app, short for a thief. */
export const CHALLENGE_SECONDS = 300;
/** Challenges are kept a day past their end (to tell an expired one from an unknown one in logs), then forgotten. */
const KEEP_MS = 24 * 60 * 60 * 1000;

/** The password step's answer for an account with a second factor (decision 092). */
export interface CodeChallenge {
  secondFactor: "totp";
  challenge: string;
  expiresIn: number;
}

/** A new challenge for the account: 256 random bits, stored hashed, used once, for CHALLENGE_SECONDS. */
export async function issueChallenge(db: Kysely<Database>, userId: string, now = new Date()): Promise<CodeChallenge> {
  const challenge = randomToken();
  await forgetExpiredLinks(db, "login_challenges", new Date(now.getTime() - KEEP_MS).toISOString());
  await insertLink(db, "login_challenges", {
    id: randomUUID(),
    userId,
    tokenHash: hashToken(challenge),
    expiresAt: new Date(now.getTime() + CHALLENGE_SECONDS * 1000).toISOString(),
    createdAt: now.toISOString(),
  });
  return { secondFactor: "totp", challenge, expiresIn: CHALLENGE_SECONDS };
}
