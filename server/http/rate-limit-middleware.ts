import type { MiddlewareHandler } from "hono";
import { clientAddress } from "./client-address.ts";
import type { Config } from "../core/config.ts";
import { takeOrRefuse, type RateLimiter } from "./rate-limiter.ts";

/** What the limiter reads of the server's services: the limits it picks from, and who the client is (TRUST_PROXY). */
export interface RateLimitEnv<Limits> {
  Variables: { services: { rateLimits: Limits; config: Pick<Config, "TRUST_PROXY"> } };
}

/**
 * Refuses with 429 a client address over its allowance. The address is the TCP peer's, or, behind
 * a trusted proxy (TRUST_PROXY), the client's as that proxy forwards it; spoofed headers are
 * ignored. The request is counted before it is handled, so a parallel burst cannot overshoot; with
 * `onlyFailures` a successful reply gives its unit back (an admin who logs in often is never
 * throttled, a guesser is).
 */
export function rateLimit<Limits>(
  pick: (limits: Limits) => RateLimiter,
  options: { onlyFailures?: boolean } = {},
): MiddlewareHandler<RateLimitEnv<Limits>> {
  return async (c, next) => {
    const limiter = pick(c.var.services.rateLimits);
    const address = clientAddress(c, c.var.services.config);
    takeOrRefuse(limiter, address);
    await next();
    if (options.onlyFailures && c.res.status < 400) limiter.refund(address);
  };
}
