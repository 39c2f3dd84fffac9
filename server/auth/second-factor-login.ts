import type { Kysely } from "kysely";
import type { LoginCodeInput } from "../../common/schemas/second-factor.ts";
import { logActivity } from "../activity/activity-log.ts";
import { HttpError } from "../core/errors.ts";
import { claimTimeStep, findSecondFactor, spendRecoveryCode } from "../db/repositories/second-factors.ts";
import { consumeLink, findLiveLink } from "../db/repositories/single-use-links.ts";
import { findUserById } from "../db/repositories/users.ts";
import type { Database, UserRow } from "../db/schema.ts";
import { rateLimitKey } from "../http/client-address.ts";
import { countPasswordCheck, forgetIdleAddresses, rememberLoginSuccess } from "./login-lockout.ts";
import { hashToken } from "./random-tokens.ts";
import { openSecret, recoveryCodeHash } from "./second-factor-keys.ts";
import type { AuthServices } from "./services.ts";
import { issueTokens, type SessionClient, type TokenPair } from "./sessions.ts";
import { checkTotp } from "./totp.ts";

type Outcome = "invalid" | "reused" | "challenge_used";

const challengeInvalid = () => new HttpError(401, "SECOND_FACTOR_CHALLENGE_INVALID");

/**
 * POST /login/code (decision 092): the challenge of the password step and a code of the app (or a
 * recovery code) give the tokens. Each try counts toward the account's login lockout as a password
 * does, before the code is looked at. A success uses up the challenge, the code's time step (or the
 * recovery code) in one transaction, each with a conditional update: of two requests at once with the
 * same code, one signs in and the other is refused.
 */
export async function signInWithCode(
  services: Pick<AuthServices, "db" | "config">,
  input: LoginCodeInput,
  client: SessionClient,
): Promise<TokenPair> {
  const { db, config } = services;
  const now = new Date();
  const challengeHash = hashToken(input.challenge);
  const challenge = await findLiveLink(db, "login_challenges", challengeHash, now.toISOString());
  if (!challenge) throw challengeInvalid();
  const user = await findUserById(db, challenge.user_id);
  const factor = user && (await findSecondFactor(db, user.id));
  // A challenge taken before the account was deactivated opens nothing after it (decision 091).
  if (!user || user.deactivated_at !== null || !factor?.confirmed_at) throw challengeInvalid();
  const actor = { userId: user.id, address: client.address };
  const entry = { kind: "user", itemId: user.id, itemName: user.username } as const;
  const addressKey = rateLimitKey(client.address);
  if (!(await countPasswordCheck(db, user.id, addressKey, now))) {
    await logActivity(db, actor, {
      ...entry,
      action: "login_locked",
      summary: "Cod refuzat fara verificare: prea multe incercari gresite",
    });
    throw new HttpError(429, "ERROR_TOO_MANY_REQUESTS");
  }
  const secret = openSecret(config.JWT_SECRET, factor.secret);
  const check =
    input.code !== undefined && secret !== undefined
      ? await checkTotp(secret, input.code, factor.last_step === null ? null : Number(factor.last_step), now.getTime())
      : undefined;
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await consumeLink(trx, "login_challenges", challengeHash, now.toISOString())))
        throw new Refused("challenge_used");
      if (input.recoveryCode !== undefined) {
        const hash = recoveryCodeHash(config.JWT_SECRET, input.recoveryCode);
        if (!(await spendRecoveryCode(trx, user.id, hash, now.toISOString()))) throw new Refused("invalid");
      } else if (check?.kind !== "valid") {
        throw new Refused(check?.kind === "reused" ? "reused" : "invalid");
      } else if (!(await claimTimeStep(trx, user.id, check.step))) {
        throw new Refused("reused");
      }
      await rememberLoginSuccess(trx, user.id, addressKey, now);
      if (input.recoveryCode !== undefined) {
        await logActivity(trx, actor, {
          ...entry,
          action: "recovery_code_used",
          summary: "Autentificare cu un cod de recuperare (codul nu mai poate fi folosit)",
        });
      }
      await logActivity(trx, actor, { ...entry, action: "login", summary: "Autentificare reusita (parola si cod)" });
      return issueTokens(trx, config, user, undefined, client);
    });
  } catch (error) {
    // The transaction rolled back: a challenge or a recovery code a refused request touched is not lost.
    if (error instanceof Refused) return refuse(db, user, actor, input, error.outcome, now);
    throw error;
  }
}

/** Why the code step was refused; thrown inside the transaction so that it rolls back. */
class Refused extends Error {
  readonly outcome: Outcome;
  constructor(outcome: Outcome) {
    super(outcome);
    this.outcome = outcome;
  }
}

async function refuse(
  db: Kysely<Database>,
  user: UserRow,
  actor: { userId: string; address: string },
  input: LoginCodeInput,
  outcome: Outcome,
  now: Date,
): Promise<never> {
  if (outcome === "challenge_used") throw challengeInvalid();
  const recovery = input.recoveryCode !== undefined;
  await db.transaction().execute(async (trx) => {
    await forgetIdleAddresses(trx, user.id, now);
    await logActivity(trx, actor, {
      kind: "user",
      itemId: user.id,
      itemName: user.username,
      action: "second_factor_failed",
      summary: recovery
        ? "Autentificare refuzata: cod de recuperare necunoscut sau deja folosit"
        : outcome === "reused"
          ? "Autentificare refuzata: cod deja folosit"
          : "Autentificare refuzata: cod gresit",
    });
  });
  if (recovery) throw new HttpError(401, "SECOND_FACTOR_RECOVERY_CODE_INVALID");
  throw new HttpError(401, outcome === "reused" ? "SECOND_FACTOR_CODE_REUSED" : "SECOND_FACTOR_CODE_INVALID");
}
