import type { Config } from "../core/config.ts";
import { createRateLimiter, perClient, type RateLimiter } from "../http/rate-limiter.ts";

/**
 * The per-client limits of the calls a password guesser would hammer (LOGIN_RATE_LIMIT,
 * RESET_RATE_LIMIT); IPv6 clients per /64.
 */
export interface AuthLimits {
  login: RateLimiter;
  /** Failed password changes (a wrong current password). */
  change: RateLimiter;
  reset: RateLimiter;
  resetVerify: RateLimiter;
}

export function createAuthLimits(
  config: Pick<Config, "LOGIN_RATE_LIMIT" | "RESET_RATE_LIMIT" | "RATE_LIMIT_WINDOW">,
): AuthLimits {
  const windowMs = config.RATE_LIMIT_WINDOW * 1000;
  return {
    login: perClient(createRateLimiter({ limit: config.LOGIN_RATE_LIMIT, windowMs })),
    change: perClient(createRateLimiter({ limit: config.LOGIN_RATE_LIMIT, windowMs })),
    reset: perClient(createRateLimiter({ limit: config.RESET_RATE_LIMIT, windowMs })),
    resetVerify: perClient(createRateLimiter({ limit: config.RESET_RATE_LIMIT, windowMs })),
  };
}
