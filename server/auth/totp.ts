import { generateSecret, generateURI, verify } from "otplib";
import { toSvgDataURL } from "lean-qr/extras/svg";
import { generate as qrCode } from "lean-qr";

/**
 * TOTP as every authenticator app reads it (RFC 6238: SHA-1, six digits, 30 seconds), with otplib.
 * A clock one step off either way is accepted; a step at or before the last one accepted is not.
 */
export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = "Utilaje";

/** A new secret: 20 random bytes in base 32, as the apps expect. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The address an app scans, and the same as a QR code (an SVG data URL the screen shows as an image). */
export function enrolmentPicture(secret: string, accountName: string): { uri: string; qrCode: string } {
  const uri = generateURI({ issuer: ISSUER, label: accountName, secret });
  return { uri, qrCode: toSvgDataURL(qrCode(uri), { on: "black", off: "white", pad: 4 }) };
}

export type TotpCheck = { kind: "valid"; step: number } | { kind: "reused" } | { kind: "invalid" };

/**
 * Checks a code at `nowMs` against the secret. `lastStep`: the last step accepted for the account
 * (null before the first), so a code seen once is answered "reused", never valid again.
 */
export async function checkTotp(
  secret: string,
  code: string,
  lastStep: number | null,
  nowMs = Date.now(),
): Promise<TotpCheck> {
  const options = {
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
  };
  const result = await verify(options);
  // The functional verify() is typed for HOTP too; a TOTP match always carries its time step.
  if (!result.valid || !("timeStep" in result)) return { kind: "invalid" };
  if (lastStep !== null && result.timeStep <= lastStep) return { kind: "reused" };
  return { kind: "valid", step: result.timeStep };
}
