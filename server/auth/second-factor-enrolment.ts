import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { RECOVERY_CODE_COUNT, shownRecoveryCode } from "../../common/schemas/second-factor.ts";
import { logActivity, type Actor } from "../activity/activity-log.ts";
import { HttpError, ValidationError } from "../core/errors.ts";
import {
  claimTimeStep,
  countUnusedRecoveryCodes,
  deleteSecondFactor,
  findSecondFactor,
  replaceRecoveryCodes,
  startEnrolment as storeEnrolment,
} from "../db/repositories/second-factors.ts";
import { findUserById } from "../db/repositories/users.ts";
import type { Database, UserRow } from "../db/schema.ts";
import { revokeOpenSessions } from "../db/repositories/refresh-tokens.ts";
import { checkCurrentPassword } from "./password-change.ts";
import { openSecret, recoveryCodeHash, sealSecret } from "./second-factor-keys.ts";
import { secondFactorState, type Person } from "./second-factor-rule.ts";
import type { AuthServices } from "./services.ts";
import { checkTotp, enrolmentPicture, newTotpSecret } from "./totp.ts";

type Services = Pick<AuthServices, "db" | "config">;

/** Crockford's base 32: no I, L, O or U, so a code read aloud or copied by hand is not mistaken. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** Ten characters, 50 random bits (32 is a power of two: no bias). */
export function newRecoveryCode(): string {
  return Array.from(randomBytes(10), (byte) => ALPHABET[byte % 32]).join("");
}

async function signedInUser(db: Kysely<Database>, actor: Actor): Promise<UserRow> {
  const user = actor.userId === null ? undefined : await findUserById(db, actor.userId);
  if (!user) throw new HttpError(401, "ERROR_UNAUTHORIZED");
  return user;
}

const entryOf = (user: UserRow) => ({ kind: "user", itemId: user.id, itemName: user.username }) as const;

/** GET /security/second-factor: whether it is on, required, and how many recovery codes are left. */
export async function secondFactorSummary(db: Kysely<Database>, person: Person) {
  const state = await secondFactorState(db, person);
  return { ...state, recoveryCodesLeft: state.enabled ? await countUnusedRecoveryCodes(db, person.id) : 0 };
}

/**
 * Starts an enrolment: a new secret, kept encrypted and waiting for its first code (a waiting one is
 * replaced). The secret is shown once, as text and as a QR code.
 */
export async function beginEnrolment(services: Services, actor: Actor) {
  const user = await signedInUser(services.db, actor);
  const secret = newTotpSecret();
  const stored = await storeEnrolment(
    services.db,
    user.id,
    sealSecret(services.config.JWT_SECRET, secret),
    new Date().toISOString(),
  );
  if (!stored) throw new HttpError(409, "SECOND_FACTOR_ALREADY_ENABLED");
  return { secret, ...enrolmentPicture(secret, user.username) };
}

/** New recovery codes for the account, as shown (the old ones stop working); only their hashes are kept. */
async function renewRecoveryCodes(db: Kysely<Database>, serverSecret: string, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const rows = codes.map((code) => ({ id: randomUUID(), codeHash: recoveryCodeHash(serverSecret, code) }));
  await replaceRecoveryCodes(db, userId, rows, new Date().toISOString());
  return codes.map(shownRecoveryCode);
}

/**
 * Confirms the waiting enrolment with a first code of the app: the factor is on from now, its step
 * used, and ten recovery codes are made and shown once. Every other session of the account ends: one
 * opened with a stolen password before the factor existed must not outlive it. A wrong code changes nothing.
 */
export async function confirmEnrolment(services: Services, actor: Actor & { sessionId: string }, code: string) {
  const { db, config } = services;
  const user = await signedInUser(db, actor);
  const factor = await findSecondFactor(db, user.id);
  if (factor?.confirmed_at) throw new HttpError(409, "SECOND_FACTOR_ALREADY_ENABLED");
  const secret = factor && openSecret(config.JWT_SECRET, factor.secret);
  if (!secret) throw new HttpError(409, "SECOND_FACTOR_ENROLMENT_NOT_STARTED");
  const check = await checkTotp(secret, code, null);
  if (check.kind !== "valid") {
    await logActivity(db, actor, {
      ...entryOf(user),
      action: "second_factor_failed",
      summary: "Activare refuzata: cod gresit",
    });
    throw new ValidationError([{ msg: "SECOND_FACTOR_CODE_INVALID", path: "code" }]);
  }
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    if (!(await claimTimeStep(trx, user.id, check.step, now)))
      throw new HttpError(409, "SECOND_FACTOR_ALREADY_ENABLED");
    const recoveryCodes = await renewRecoveryCodes(trx, config.JWT_SECRET, user.id);
    const ended = await revokeOpenSessions(trx, user.id, now, { except: actor.sessionId });
    await logActivity(trx, actor, {
      ...entryOf(user),
      action: "second_factor_enabled",
      summary: `Autentificare in doi pasi activata; 10 coduri de recuperare create; celelalte sesiuni inchise (${ended.length})`,
    });
    return { recoveryCodes };
  });
}

async function enabledFactorOf(services: Services, actor: Actor, password: string, what: string) {
  const user = await signedInUser(services.db, actor);
  const factor = await findSecondFactor(services.db, user.id);
  if (!factor?.confirmed_at) throw new HttpError(409, "SECOND_FACTOR_NOT_ENABLED");
  await checkCurrentPassword(services.db, actor, user, password, what, "password");
  return user;
}

/** New recovery codes, after the current password: the old ones stop working. */
export async function regenerateRecoveryCodes(services: Services, actor: Actor, password: string) {
  const user = await enabledFactorOf(services, actor, password, "Regenerare coduri de recuperare");
  return services.db.transaction().execute(async (trx) => {
    const recoveryCodes = await renewRecoveryCodes(trx, services.config.JWT_SECRET, user.id);
    await logActivity(trx, actor, {
      ...entryOf(user),
      action: "recovery_codes_renewed",
      summary: "10 coduri de recuperare noi; cele vechi nu mai sunt valabile",
    });
    return { recoveryCodes };
  });
}

/**
 * Turns the second factor off, after the current password (not a code: someone who lost the phone
 * and signed in with a recovery code can then enrol a new one).
 */
export async function disableSecondFactor(services: Services, actor: Actor, password: string): Promise<void> {
  const user = await enabledFactorOf(services, actor, password, "Dezactivare autentificare in doi pasi");
  await services.db.transaction().execute(async (trx) => {
    await deleteSecondFactor(trx, user.id);
    await logActivity(trx, actor, {
      ...entryOf(user),
      action: "second_factor_disabled",
      summary: "Autentificare in doi pasi dezactivata; codurile de recuperare sterse",
    });
  });
}
