import { z } from "../zod.ts";
import type { ErrorCode } from "../errors/error-codes.ts";
import { EMAIL_MAX_LENGTH } from "../fields/field-rules.ts";
import { LANGUAGES } from "../language/language.ts";

/**
 * The payloads of the authentication calls (spec §3, §7). Each rule carries its error code; the
 * forms show the message of that code, the API returns the code in the 400 body. Secrets that are
 * only checked (login, current password, tokens) have no length rule here: the API's body limit bounds them.
 */

export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the whole value is hashed (argon2 does not truncate). */
export const PASSWORD_MAX_LENGTH = 128;

/** Anything that is not a non-empty string (absent, null, a number, an object) counts as missing. */
function required(code: ErrorCode) {
  return z.string({ error: code }).min(1, { error: code, abort: true });
}

/** The new password and its confirmation, as the password change and the reset by e-mail ask for them. */
export const newPasswordFields = {
  newPassword: required("REQUIRED_NEW_PASSWORD")
    .min(PASSWORD_MIN_LENGTH, { error: "INVALID_PASSWORD_LENGTH" })
    .max(PASSWORD_MAX_LENGTH, { error: "INVALID_PASSWORD_LENGTH" }),
  confirmPassword: required("REQUIRED_CONFIRM_PASSWORD"),
};

/** The new password must equal its confirmation; reported on the confirmation field. */
export const confirmationMatches = {
  check: (value: { newPassword: string; confirmPassword: string }) => value.newPassword === value.confirmPassword,
  params: { error: "ERROR_NEW_PASSWORD_INCORRECT", path: ["confirmPassword"] } satisfies {
    error: ErrorCode;
    path: string[];
  },
};

export const loginSchema = z.object({
  username: z.string({ error: "REQUIRED_USERNAME" }).trim().min(1, { error: "REQUIRED_USERNAME" }),
  password: required("REQUIRED_PASSWORD"),
});

/** The client sends the user name it decoded from its token; the refresh token alone decides. */
export const refreshSchema = z.object({
  user: z.string().optional().catch(undefined),
  refreshToken: required("REQUIRED_REFRESH_TOKEN"),
});

export const rejectSchema = z.object({
  refreshToken: required("REQUIRED_REFRESH_TOKEN"),
});

export const changePasswordSchema = z
  .object({ oldPassword: required("REQUIRED_OLD_PASSWORD"), ...newPasswordFields })
  .refine(confirmationMatches.check, confirmationMatches.params);

export const resetRequestSchema = z.object({
  mail: z
    .string({ error: "REQUIRED_MAIL" })
    .trim()
    .min(1, { error: "REQUIRED_MAIL", abort: true })
    .toLowerCase()
    .pipe(z.email({ error: "INVALID_MAIL" }).max(EMAIL_MAX_LENGTH, { error: "INVALID_MAIL" })),
  lang: z.enum(LANGUAGES, { error: "INVALID_LANG" }).default("ro"),
});

export const resetVerifySchema = z
  .object({ ...newPasswordFields, token: required("REQUIRED_RESET_TOKEN") })
  .refine(confirmationMatches.check, confirmationMatches.params);
