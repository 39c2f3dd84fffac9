import type { Config } from "../core/config.ts";
import { createRateLimiter, perClient, type RateLimiter } from "../http/rate-limits.ts";

/** Searches without results one client address (IPv6 per /64) adds to the log per RATE_LIMIT_WINDOW; the rest are answered but not logged. */
export const SEARCH_MISSES_PER_ADDRESS = 20;
/** Different texts the log keeps per day: past them a day's new texts are not stored (the known ones are still counted). */
export const SEARCH_MISS_TEXTS_PER_DAY = 500;

export interface SearchLimits {
  searchMisses: RateLimiter;
}

export function createSearchLimits(config: Pick<Config, "RATE_LIMIT_WINDOW">): SearchLimits {
  return { searchMisses: perClient(createRateLimiter({ limit: SEARCH_MISSES_PER_ADDRESS, windowMs: config.RATE_LIMIT_WINDOW * 1000 })) };
}
