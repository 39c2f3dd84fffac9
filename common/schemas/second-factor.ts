import { z } from "../zod.ts";

/**
 * The second factor's payloads (decision 092): a six-digit TOTP code (spaces an app shows in the
 * middle are dropped), a recovery code of ten letters and digits (a dash and lower case accepted), the
 * challenge the password step gave.
 */

export const TOTP_DIGITS = 6;
/** Ten characters of Crockford's base 32 (no I, L, O, U): 50 random bits each. */
export const RECOVERY_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{10}$/;
export const RECOVERY_CODE_COUNT = 10;

/** A recovery code as typed, made comparable: upper case, no dash or spaces. */
export function normalRecoveryCode(value: string): string {
  return value.replace(/[\s-]/g, "").toUpperCase();
}

/** A recovery code as shown: two groups of five. */
export function shownRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export const totpCodeField = z
  .string({ error: "REQUIRED_SECOND_FACTOR_CODE" })
  .transform((value) => value.replace(/\s/g, ""))
  .pipe(
    z
      .string()
      .min(1, { error: "REQUIRED_SECOND_FACTOR_CODE", abort: true })
      .regex(/^\d{6}$/, { error: "INVALID_SECOND_FACTOR_CODE" }),
  );

const recoveryCodeField = z
  .string({ error: "INVALID_RECOVERY_CODE" })
  .transform(normalRecoveryCode)
  .pipe(z.string().regex(RECOVERY_CODE_PATTERN, { error: "INVALID_RECOVERY_CODE" }));

const challengeField = z
  .string({ error: "REQUIRED_SECOND_FACTOR_CHALLENGE" })
  .min(1, { error: "REQUIRED_SECOND_FACTOR_CHALLENGE", abort: true })
  .max(100, { error: "SECOND_FACTOR_CHALLENGE_INVALID" });

/** POST /login/code: the challenge and either a code of the app or a recovery code (one of the two). */
export const loginCodeSchema = z
  .object({ challenge: challengeField, code: totpCodeField.optional(), recoveryCode: recoveryCodeField.optional() })
  .refine((value) => (value.code === undefined) !== (value.recoveryCode === undefined), {
    error: "REQUIRED_SECOND_FACTOR_CODE",
    path: ["code"],
  });

/** Confirming an enrolment, or the login's code step: a current code of the app. */
export const secondFactorCodeSchema = z.object({ code: totpCodeField });

/** The login's code step with a recovery code instead. */
export const recoveryCodeSchema = z.object({ recoveryCode: recoveryCodeField });

export type LoginCodeInput = z.infer<typeof loginCodeSchema>;

/** Turning the second factor off or renewing the recovery codes: the current password. */
export const currentPasswordSchema = z.object({
  password: z.string({ error: "REQUIRED_PASSWORD" }).min(1, { error: "REQUIRED_PASSWORD", abort: true }),
});

/** Whose sessions: the signed-in person's when absent. */
export const sessionOwnerQuerySchema = z.object({ userId: z.string().max(100).optional() });
