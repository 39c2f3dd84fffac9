import { createHash } from "node:crypto";
import { HttpError } from "../core/errors.ts";
import type { CaptchaProof } from "./proof.ts";

/** The providers' own verify endpoints (CAPTCHA_VERIFY_URL replaces them, e.g. with a local fake in tests). */
export const VERIFY_URLS = {
  recaptcha: "https://www.google.com/recaptcha/api/siteverify",
  turnstile: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
} as const;

/** The action name the browser gives reCAPTCHA v3 and Turnstile; a token made for another action is refused. */
export const CAPTCHA_ACTION = "contact";
const VERIFY_TIMEOUT_MS = 5_000;
/** Both providers' tokens live a few minutes; a used one is remembered for longer than that. */
const SPENT_FOR_MS = 10 * 60_000;

export interface SiteVerifyOptions {
  provider: keyof typeof VERIFY_URLS;
  secret: string;
  url?: string;
  /** reCAPTCHA v3 only: the lowest score taken for a person. */
  minScore: number;
}

interface SiteVerifyReply {
  success?: unknown;
  score?: unknown;
  action?: unknown;
}

/**
 * reCAPTCHA v3 and Turnstile share one server-side check: POST secret, response and remoteip as a form
 * to siteverify, accept `success: true` for our action (and, for reCAPTCHA, a high enough score). An
 * unreachable provider is a 503, so the visitor retries instead of being told they are a robot.
 */
export async function siteVerify(options: SiteVerifyOptions, token: string, remoteIp: string): Promise<CaptchaProof> {
  const body = new URLSearchParams({ secret: options.secret, response: token });
  if (remoteIp !== "unknown") body.set("remoteip", remoteIp);
  let reply: SiteVerifyReply;
  try {
    const response = await fetch(options.url ?? VERIFY_URLS[options.provider], {
      method: "POST",
      body,
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    reply = (await response.json()) as SiteVerifyReply;
  } catch (error) {
    throw Object.assign(new HttpError(503, "ERROR_CAPTCHA_UNAVAILABLE"), { cause: error });
  }
  const scoreOk =
    options.provider !== "recaptcha" || (typeof reply.score === "number" && reply.score >= options.minScore);
  const actionOk = reply.action === undefined || reply.action === CAPTCHA_ACTION;
  if (reply.success !== true || !scoreOk || !actionOk) throw new HttpError(400, "INVALID_CAPTCHA_TOKEN");
  return {
    key: `${options.provider}:${createHash("sha256").update(token).digest("hex")}`,
    expiresAt: new Date(Date.now() + SPENT_FOR_MS),
  };
}
