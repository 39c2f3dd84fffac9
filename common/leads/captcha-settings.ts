/**
 * What the browser needs to produce a captcha answer: the provider (CAPTCHA_PROVIDER) and, for
 * third parties, the public site key.
 */
export interface CaptchaSettings {
  provider: "altcha" | "recaptcha" | "turnstile";
  siteKey?: string;
}
