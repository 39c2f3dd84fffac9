import type { Config } from "../core/config.ts";
import { createRateLimiter, perClient, type RateLimiter } from "../http/rate-limiter.ts";

/** The window of PAGE_RENDER_RATE_LIMIT: a minute, so that a crawler held back is let on soon. */
export const PAGE_RENDER_WINDOW_MS = 60_000;

/**
 * The pages' limits, per client address (IPv6 per /64) and minute: renders the page cache could not
 * serve (decision 054), and log lines of refused page requests (a 405: one line, the rest unlogged,
 * so that a client posting to pages cannot fill the log).
 */
export interface PageLimits {
  pageRenders: RateLimiter;
  pageRefusalLogs: RateLimiter;
}

export function createPageLimits(config: Pick<Config, "PAGE_RENDER_RATE_LIMIT">): PageLimits {
  return {
    pageRenders: perClient(
      createRateLimiter({ limit: config.PAGE_RENDER_RATE_LIMIT, windowMs: PAGE_RENDER_WINDOW_MS }),
    ),
    pageRefusalLogs: perClient(createRateLimiter({ limit: 1, windowMs: PAGE_RENDER_WINDOW_MS })),
  };
}
