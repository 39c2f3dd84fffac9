import type { Config } from "../core/config.ts";
import { createRateLimiter, perClient, type RateLimiter } from "../http/rate-limiter.ts";

/** The limits of contact requests, per client address (IPv6 per /64) and, without the captcha, for the whole site. */
export interface LeadLimits {
  /** Contact requests (CONTACT_RATE_LIMIT). */
  contact: RateLimiter;
  /** Contact requests without the captcha's answer, per address (CONTACT_NOSCRIPT_RATE_LIMIT). */
  contactWithoutScript: RateLimiter;
  /** The same from every address together, under the one key SITE_WIDE (CONTACT_NOSCRIPT_SITE_LIMIT). */
  contactWithoutScriptSite: RateLimiter;
}

export function createLeadLimits(
  config: Pick<
    Config,
    "CONTACT_RATE_LIMIT" | "CONTACT_NOSCRIPT_RATE_LIMIT" | "CONTACT_NOSCRIPT_SITE_LIMIT" | "RATE_LIMIT_WINDOW"
  >,
): LeadLimits {
  const windowMs = config.RATE_LIMIT_WINDOW * 1000;
  return {
    contact: perClient(createRateLimiter({ limit: config.CONTACT_RATE_LIMIT, windowMs })),
    contactWithoutScript: perClient(createRateLimiter({ limit: config.CONTACT_NOSCRIPT_RATE_LIMIT, windowMs })),
    contactWithoutScriptSite: createRateLimiter({ limit: config.CONTACT_NOSCRIPT_SITE_LIMIT, windowMs }),
  };
}
