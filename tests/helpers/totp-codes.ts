import { generate } from "otplib";

/** The code an authenticator app shows for `secret` now, or `steps` periods of 30 seconds away. */
export function totpCode(secret: string, steps = 0, nowMs = Date.now()): Promise<string> {
  return generate({ secret, epoch: Math.floor(nowMs / 1000) + steps * 30 });
}
