import { z } from "zod";
import type { CodeChallenge } from "../auth/login-challenge.ts";
import type { SessionView } from "../auth/session-list.ts";

/** The reply bodies of the second factor and the sessions (decision 092), named for the OpenAPI document. */

export const codeChallenge = z
  .object({
    secondFactor: z
      .literal("totp")
      .meta({ description: "The account signs in with a code: send it to /api/login/code." }),
    challenge: z.string().meta({ description: "Single use, for `expiresIn` seconds: send it with the code." }),
    expiresIn: z.number().int(),
  })
  .meta({ id: "CodeChallenge" }) satisfies z.ZodType<CodeChallenge>;

export const secondFactorSummary = z
  .object({
    enabled: z.boolean(),
    required: z.boolean().meta({ description: "Configurare requires a second factor of this person." }),
    recoveryCodesLeft: z.number().int(),
  })
  .meta({ id: "SecondFactorSummary" });

export const enrolment = z
  .object({
    secret: z.string().meta({ description: "The TOTP secret in base 32, for typing into an app; shown once." }),
    uri: z.string().meta({ description: "The otpauth:// address the QR code holds." }),
    qrCode: z.string().meta({ description: "The QR code as an SVG data URL." }),
  })
  .meta({ id: "SecondFactorEnrolment" });

export const recoveryCodes = z
  .object({ recoveryCodes: z.array(z.string()).meta({ description: "Ten codes, each usable once; shown only now." }) })
  .meta({ id: "RecoveryCodes" });

export const sessionView = z
  .object({
    id: z.string(),
    browser: z.string().meta({ description: "The browser and system, read from the User-Agent." }),
    userAgent: z.string().nullable(),
    address: z.string().nullable(),
    lastUsedAt: z.string().meta({ description: "The login or last token refresh." }),
    current: z.boolean().meta({ description: "The session of the token that asks." }),
  })
  .meta({ id: "Session" }) satisfies z.ZodType<SessionView>;
