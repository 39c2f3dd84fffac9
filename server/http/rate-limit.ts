import type { MiddlewareHandler } from "hono";
import { clientAddress } from "./client-address.ts";
import { HttpError } from "../errors.ts";
import type { ApiEnv } from "../http-env.ts";
import type { RateLimits, RateLimiter } from "./rate-limits.ts";

/**
 * Refuses with 429 a client address over its allowance. The address is the TCP peer's, or, behind
 * a trusted proxy (TRUST_PROXY), the client's as that proxy forwards it; spoofed headers are
 * ignored. The request is counted before it is handled, so a parallel burst cannot overshoot; with
 * `onlyFailures` a successful reply gives its unit back (an admin who logs in often is never
 * throttled, a guesser is).
 */
export function rateLimit(
  pick: (limits: RateLimits) => RateLimiter,
  options: { onlyFailures?: boolean } = {},
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const limiter = pick(c.var.services.rateLimits);
    const address = clientAddress(c, c.var.services.config);
    const { allowed, retryAfterSeconds } = limiter.take(address);
    if (!allowed) {
      c.header("Retry-After", String(retryAfterSeconds));
      throw new HttpError(429, "ERROR_TOO_MANY_REQUESTS");
    }
    await next();
    if (options.onlyFailures && c.res.status < 400) limiter.refund(address);
  };
}
