import type { Challenge } from "altcha-lib";
import type { CaptchaSettings } from "../../common/leads/captcha-settings.ts";
import type { Config } from "../core/config.ts";
import { HttpError } from "../core/errors.ts";
import { createAltcha } from "./altcha.ts";
import type { CaptchaProof } from "./proof.ts";
import { siteVerify } from "./site-verify.ts";

/** Where a third-party captcha's script, frames and calls come from (for the pages' CSP). */
const ORIGINS: Record<CaptchaSettings["provider"], readonly string[]> = {
  altcha: [],
  recaptcha: ["https://www.google.com", "https://www.gstatic.com"],
  turnstile: ["https://challenges.cloudflare.com"],
};

export interface Captcha {
  settings: CaptchaSettings;
  /** Origins the pages' Content-Security-Policy must allow. */
  origins: readonly string[];
  /** A fresh ALTCHA challenge; a 404 with another provider. */
  challenge(): Promise<Challenge>;
  /** Checks an answer (400 when wrong or expired, 503 when the provider cannot be reached). */
  verify(token: string, remoteIp: string): Promise<CaptchaProof>;
}

/** The captcha CAPTCHA_PROVIDER names, configured from the environment. */
export function createCaptcha(config: Config): Captcha {
  if (config.CAPTCHA_PROVIDER === "altcha") {
    const altcha = createAltcha({
      secret: config.JWT_SECRET,
      cost: config.ALTCHA_COST,
      maxCounter: config.ALTCHA_MAX_COUNTER,
    });
    return {
      settings: { provider: "altcha" },
      origins: ORIGINS.altcha,
      challenge: () => altcha.challenge(),
      verify: (token) => altcha.verify(token),
    };
  }
  const provider = config.CAPTCHA_PROVIDER;
  // loadConfig refuses a third-party provider without both of its keys.
  const [siteKey, secret] =
    provider === "recaptcha"
      ? [config.RECAPTCHA_SITE_KEY, config.RECAPTCHA_SECRET_KEY]
      : [config.TURNSTILE_SITE_KEY, config.TURNSTILE_SECRET_KEY];
  const options = {
    provider,
    secret: secret ?? "",
    url: config.CAPTCHA_VERIFY_URL,
    minScore: config.RECAPTCHA_MIN_SCORE,
  };
  return {
    settings: { provider, siteKey },
    origins: ORIGINS[provider],
    challenge: () => Promise.reject(new HttpError(404, "ERROR_NOT_FOUND")),
    verify: (token, remoteIp) => siteVerify(options, token, remoteIp),
  };
}
