import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { HttpError } from "../errors.ts";
import type { ApiEnv } from "../http-env.ts";
import type { AuthRateLimits, RateLimiter } from "./rate-limiter.ts";

/**
 * Refuses with 429 a client address over its allowance. The address is the TCP peer's: a proxy's
 * X-Forwarded-For is not trusted, since any client can write it. The request is counted before it is
 * handled, so a parallel burst cannot overshoot; with `onlyFailures` a successful reply gives its unit
 * back (an admin who logs in often is never throttled, a guesser is).
 */
export function rateLimit(
  pick: (limits: AuthRateLimits) => RateLimiter,
  options: { onlyFailures?: boolean } = {},
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const limiter = pick(c.var.services.authRateLimits);
    const address = clientAddress(c);
    const { allowed, retryAfterSeconds } = limiter.take(address);
    if (!allowed) {
      c.header("Retry-After", String(retryAfterSeconds));
      throw new HttpError(429, "ERROR_TOO_MANY_REQUESTS");
    }
    await next();
    if (options.onlyFailures && c.res.status < 400) limiter.refund(address);
  };
}

/** The TCP peer's address; "unknown" when the app is called in-process, without a socket. */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
