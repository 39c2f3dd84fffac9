import type { MiddlewareHandler } from "hono";
import { clientAddress } from "./client-address.ts";
import type { ApiEnv } from "../http-env.ts";
import { takeOrRefuse, type RateLimits, type RateLimiter } from "./rate-limits.ts";

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
    takeOrRefuse(limiter, address);
    await next();
    if (options.onlyFailures && c.res.status < 400) limiter.refund(address);
  };
}
