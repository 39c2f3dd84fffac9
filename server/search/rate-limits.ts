import type { Config } from "../core/config.ts";
import { createRateLimiter, perClient, type RateLimiter } from "../http/rate-limiter.ts";

/**
 * Searches without results one client address (IPv6 per /64) adds to the log per RATE_LIMIT_WINDOW;
 * the rest are answered but not logged.
 */
export const SEARCH_MISSES_PER_ADDRESS = 20;
/**
 * Different texts the log keeps per day: past them a day's new texts are not stored (the known ones
 * are still counted).
 */
export const SEARCH_MISS_TEXTS_PER_DAY = 500;
/**
 * The day's texts one client address (IPv6 per /64) may add: its share of the day's, so that a few
 * addresses typing made-up queries cannot fill the day and push genuine misses out (it takes 50).
 * Its searches of texts already kept are still counted.
 */
export const SEARCH_MISS_NEW_TEXTS_PER_ADDRESS = 10;

/**
 * Suggestion calls one client address makes per minute. A visitor typing asks at most a few a second
 * (the box waits for a pause in the typing); a query costs up to about 5 ms at 10 000 machines, so
 * without a bound one client looping over long queries could keep a core busy.
 */
export const SUGGESTIONS_PER_ADDRESS_PER_MINUTE = 300;

export interface SearchLimits {
  searchMisses: RateLimiter;
  /** New texts per address per day (SEARCH_MISS_NEW_TEXTS_PER_ADDRESS). */
  searchMissTexts: RateLimiter;
  suggestions: RateLimiter;
}

export function createSearchLimits(config: Pick<Config, "RATE_LIMIT_WINDOW">): SearchLimits {
  return {
    searchMisses: perClient(
      createRateLimiter({ limit: SEARCH_MISSES_PER_ADDRESS, windowMs: config.RATE_LIMIT_WINDOW * 1000 }),
    ),
    searchMissTexts: perClient(
      createRateLimiter({ limit: SEARCH_MISS_NEW_TEXTS_PER_ADDRESS, windowMs: 24 * 60 * 60 * 1000 }),
    ),
    suggestions: perClient(createRateLimiter({ limit: SUGGESTIONS_PER_ADDRESS_PER_MINUTE, windowMs: 60_000 })),
  };
}
