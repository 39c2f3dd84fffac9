import { describe, expect, it } from "vitest";
import { createRateLimiter } from "../../server/auth/rate-limiter.ts";

describe("createRateLimiter", () => {
  it("allows `limit` requests per key and window, then refuses until the window ends", () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000, now: () => now });
    expect(limiter.take("a").allowed).toBe(true);
    expect(limiter.take("a").allowed).toBe(true);
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(limiter.take("b").allowed).toBe(true);
    now += 45_000;
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 15 });
    now += 15_000;
    expect(limiter.take("a").allowed).toBe(true);
  });

  it("gives a refunded request back within the window", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: () => 0 });
    expect(limiter.take("a").allowed).toBe(true);
    limiter.refund("a");
    expect(limiter.take("a").allowed).toBe(true);
    expect(limiter.take("a").allowed).toBe(false);
    limiter.refund("unknown");
  });

  it("forgets finished windows once many addresses were seen", () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000, now: () => now });
    for (let i = 0; i <= 10_001; i += 1) limiter.take(`address-${i}`);
    expect(limiter.take("address-0").allowed).toBe(false);
    now += 1_000;
    // The sweep runs; the old windows are gone and every address starts again.
    expect(limiter.take("address-0").allowed).toBe(true);
    expect(limiter.take("address-1").allowed).toBe(true);
  });
});
