import { rateLimitKey } from "./client-address.ts";
import { HttpError } from "../core/errors.ts";

export interface RateLimiter {
  /** Counts one request of `key`: refused once the key has used its allowance in the current window. */
  take(key: string): { allowed: boolean; retryAfterSeconds: number };
  /** Gives one request back to `key` in its current window (a call that should not count after all). */
  refund(key: string): void;
  /**
   * The seconds until `key`'s window opens again when it has used its allowance, without counting a
   * request; undefined while it may go on.
   */
  spent(key: string): number | undefined;
  /** Told of each request takeOrRefuse refused with 429 (the Stare page's "rate limits hit"; countedLimits). */
  refused?(): void;
}

/** Counts one request of `key`, or refuses it with a 429 that says when the window opens again (Retry-After). */
export function takeOrRefuse(limiter: RateLimiter, key: string): void {
  const { allowed, retryAfterSeconds } = limiter.take(key);
  if (allowed) return;
  limiter.refused?.();
  throw new HttpError(429, "ERROR_TOO_MANY_REQUESTS", { retryAfterSeconds });
}

/** Each limiter of `limits` counting its 429s in `hits` under its name in `limits` (decision 087). */
export function countedLimits<Limits extends Record<keyof Limits, RateLimiter>>(
  limits: Limits,
  hits: { add(kind: string): void },
): Limits {
  return Object.fromEntries(
    Object.entries(limits as Record<string, RateLimiter>).map(([name, limiter]) => [
      name,
      { ...limiter, refused: () => hits.add(name) },
    ]),
  ) as Limits;
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
    spent(key) {
      const current = windows.get(key);
      const at = now();
      if (!current || at - current.start >= options.windowMs || current.count < options.limit) return undefined;
      return Math.ceil((current.start + options.windowMs - at) / 1000);
    },
  };
}

/**
 * `limiter` counting client addresses: each address counts for its rate-limit key, so every address
 * of one IPv6 /64 shares one allowance (rateLimitKey).
 */
export function perClient(limiter: RateLimiter): RateLimiter {
  return {
    take: (address) => limiter.take(rateLimitKey(address)),
    refund: (address) => limiter.refund(rateLimitKey(address)),
    spent: (address) => limiter.spent(rateLimitKey(address)),
  };
}

/** The key of a limit shared by every client. */
export const SITE_WIDE = "*";
