import { createRateLimiter, perClient, type RateLimiter } from "../http/rate-limiter.ts";

/**
 * Calls of the public availability read one client address (IPv6 per /64) makes per minute. The
 * quote list asks once per machine and page (ten at most); the bound keeps one client looping over
 * machines and ranges from spending the server's time on a year of days per call.
 */
export const AVAILABILITY_CALLS_PER_ADDRESS_PER_MINUTE = 120;

export interface AvailabilityLimits {
  availabilityCalls: RateLimiter;
}

export function createAvailabilityLimits(): AvailabilityLimits {
  return {
    availabilityCalls: perClient(
      createRateLimiter({ limit: AVAILABILITY_CALLS_PER_ADDRESS_PER_MINUTE, windowMs: 60_000 }),
    ),
  };
}
