import { describe, expect, it } from "vitest";
import { createRateLimits } from "../../server/app.ts";
import { createRateLimiter, SITE_WIDE } from "../../server/http/rate-limiter.ts";
import { resolveClientAddress } from "../../server/http/client-address.ts";

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

  it("says whether a key has used its allowance, and for how long, without counting a request", () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000, now: () => now });
    expect(limiter.spent("a")).toBeUndefined();
    limiter.take("a");
    expect(limiter.spent("a")).toBeUndefined();
    expect(limiter.spent("a")).toBeUndefined();
    limiter.take("a");
    now += 20_000;
    expect(limiter.spent("a")).toBe(40);
    expect(limiter.spent("b")).toBeUndefined();
    now += 40_000;
    expect(limiter.spent("a")).toBeUndefined();
    expect(limiter.take("a").allowed).toBe(true);
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

describe("createRateLimits", () => {
  const limits = () =>
    createRateLimits({
      LOGIN_RATE_LIMIT: 1,
      RESET_RATE_LIMIT: 1,
      CONTACT_RATE_LIMIT: 1,
      CONTACT_NOSCRIPT_RATE_LIMIT: 1,
      CONTACT_NOSCRIPT_SITE_LIMIT: 1,
      RATE_LIMIT_WINDOW: 900,
      PAGE_RENDER_RATE_LIMIT: 1,
    });

  it("counts the addresses of one IPv6 /64 as one client in every per-client limit; IPv4 addresses one by one", () => {
    const all = limits();
    for (const name of ["login", "change", "reset", "resetVerify", "contact", "contactWithoutScript"] as const) {
      const limiter = all[name];
      expect(limiter.take("2001:db8:1:2::1").allowed, name).toBe(true);
      // A refund (a successful login) gives the unit back to the /64, whichever of its addresses asks.
      limiter.refund("2001:db8:1:2::3");
      expect(limiter.take("2001:db8:1:2::4").allowed, name).toBe(true);
      expect(limiter.take("2001:db8:1:2:ffff:ffff:ffff:ffff").allowed, name).toBe(false);
      expect(limiter.take("2001:db8:1:3::1").allowed, name).toBe(true);
      expect(limiter.take("203.0.113.5").allowed, name).toBe(true);
      // An IPv4-mapped address reaches the limiter as its IPv4 address (resolveClientAddress spells it).
      expect(limiter.take(resolveClientAddress("::ffff:203.0.113.5", undefined, { kind: "none" })).allowed, name).toBe(
        false,
      );
      expect(limiter.take("203.0.113.6").allowed, name).toBe(true);
    }
  });

  it("keeps the site-wide limit under its one key", () => {
    const { contactWithoutScriptSite } = limits();
    expect(contactWithoutScriptSite.take(SITE_WIDE).allowed).toBe(true);
    expect(contactWithoutScriptSite.take(SITE_WIDE).allowed).toBe(false);
  });
});
