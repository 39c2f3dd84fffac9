import { rateLimitKey } from "./client-address.ts";
import type { Config } from "../config.ts";
import { HttpError } from "../errors.ts";

export interface RateLimiter {
  /** Counts one request of `key`: refused once the key has used its allowance in the current window. */
  take(key: string): { allowed: boolean; retryAfterSeconds: number };
  /** Gives one request back to `key` in its current window (a call that should not count after all). */
  refund(key: string): void;
}

/** Counts one request of `key`, or refuses it with a 429 that says when the window opens again (Retry-After). */
export function takeOrRefuse(limiter: RateLimiter, key: string): void {
  const { allowed, retryAfterSeconds } = limiter.take(key);
  if (!allowed) throw new HttpError(429, "ERROR_TOO_MANY_REQUESTS", { retryAfterSeconds });
}

/** Above this many remembered keys, finished windows are swept (an address flood cannot grow memory forever). */
const SWEEP_ABOVE = 10_000;

/**
 * A fixed-window counter per key, in memory: enough for one process, and each instance of a scaled-out
 * site enforcing its own share is still a bound. `now` is injectable so tests move time by hand.
 */
export function createRateLimiter(options: { limit: number; windowMs: number; now?: () => number }): RateLimiter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(key) {
      const at = now();
      if (windows.size > SWEEP_ABOVE) {
        for (const [stale, window] of windows) if (at - window.start >= options.windowMs) windows.delete(stale);
      }
      let current = windows.get(key);
      if (!current || at - current.start >= options.windowMs) {
        current = { start: at, count: 0 };
        windows.set(key, current);
      }
      current.count += 1;
      const retryAfterSeconds = Math.ceil((current.start + options.windowMs - at) / 1000);
      return { allowed: current.count <= options.limit, retryAfterSeconds };
    },
    refund(key) {
      const current = windows.get(key);
      if (current && current.count > 0) current.count -= 1;
    },
  };
}

/**
 * `limiter` counting client addresses: each address counts for its rate-limit key, so every address
 * of one IPv6 /64 shares one allowance (rateLimitKey).
 */
function perClient(limiter: RateLimiter): RateLimiter {
  return {
    take: (address) => limiter.take(rateLimitKey(address)),
    refund: (address) => limiter.refund(rateLimitKey(address)),
  };
}

/** The per-client limits of the calls an attacker would hammer (see LOGIN_RATE_LIMIT in config.ts); IPv6 clients per /64. */
export interface RateLimits {
  login: RateLimiter;
  /** Failed password changes (a wrong current password). */
  change: RateLimiter;
  reset: RateLimiter;
  resetVerify: RateLimiter;
  /** Contact requests (CONTACT_RATE_LIMIT). */
  contact: RateLimiter;
  /** Contact requests without the captcha's answer, per address (CONTACT_NOSCRIPT_RATE_LIMIT). */
  contactWithoutScript: RateLimiter;
  /** The same from every address together, under the one key SITE_WIDE (CONTACT_NOSCRIPT_SITE_LIMIT). */
  contactWithoutScriptSite: RateLimiter;
  /** Page renders the page cache could not serve, per minute (PAGE_RENDER_RATE_LIMIT). */
  pageRenders: RateLimiter;
}

/** The window of PAGE_RENDER_RATE_LIMIT: a minute, so that a crawler held back is let on soon. */
const PAGE_RENDER_WINDOW_MS = 60_000;

/** The key of a limit shared by every client. */
export const SITE_WIDE = "*";

export function createRateLimits(
  config: Pick<
    Config,
    "LOGIN_RATE_LIMIT" | "RESET_RATE_LIMIT" | "CONTACT_RATE_LIMIT" | "CONTACT_NOSCRIPT_RATE_LIMIT" | "CONTACT_NOSCRIPT_SITE_LIMIT" | "RATE_LIMIT_WINDOW" | "PAGE_RENDER_RATE_LIMIT"
  >,
): RateLimits {
  const windowMs = config.RATE_LIMIT_WINDOW * 1000;
  return {
    login: perClient(createRateLimiter({ limit: config.LOGIN_RATE_LIMIT, windowMs })),
    change: perClient(createRateLimiter({ limit: config.LOGIN_RATE_LIMIT, windowMs })),
    reset: perClient(createRateLimiter({ limit: config.RESET_RATE_LIMIT, windowMs })),
    resetVerify: perClient(createRateLimiter({ limit: config.RESET_RATE_LIMIT, windowMs })),
    contact: perClient(createRateLimiter({ limit: config.CONTACT_RATE_LIMIT, windowMs })),
    contactWithoutScript: perClient(createRateLimiter({ limit: config.CONTACT_NOSCRIPT_RATE_LIMIT, windowMs })),
    contactWithoutScriptSite: createRateLimiter({ limit: config.CONTACT_NOSCRIPT_SITE_LIMIT, windowMs }),
    pageRenders: perClient(createRateLimiter({ limit: config.PAGE_RENDER_RATE_LIMIT, windowMs: PAGE_RENDER_WINDOW_MS })),
  };
}
