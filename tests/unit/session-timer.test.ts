import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EXPIRY_WARNING_MS, SessionExpiryTimer } from "../../app/admin/session/expiry-timer.ts";

const MINUTE = 60_000;

describe("session expiry timer", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-01-01T10:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("warns 5 minutes before the token expires, not before", () => {
    const warn = vi.fn();
    const timer = new SessionExpiryTimer(warn);
    timer.watch(Date.now() + 60 * MINUTE);
    vi.advanceTimersByTime(55 * MINUTE - 1);
    expect(warn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(EXPIRY_WARNING_MS).toBe(5 * MINUTE);
  });

  it("warns once per token, again for a renewed one", () => {
    const warn = vi.fn();
    const timer = new SessionExpiryTimer(warn);
    const expiresAt = Date.now() + 10 * MINUTE;
    timer.watch(expiresAt);
    vi.advanceTimersByTime(5 * MINUTE);
    timer.watch(expiresAt);
    timer.check(expiresAt);
    vi.advanceTimersByTime(4 * MINUTE);
    expect(warn).toHaveBeenCalledTimes(1);

    timer.watch(Date.now() + 60 * MINUTE);
    vi.advanceTimersByTime(55 * MINUTE);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("warns at once for a token already within the window", () => {
    const warn = vi.fn();
    new SessionExpiryTimer(warn).watch(Date.now() + 2 * MINUTE);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("stops when the session ends", () => {
    const warn = vi.fn();
    const timer = new SessionExpiryTimer(warn);
    timer.watch(Date.now() + 10 * MINUTE);
    timer.watch(null);
    vi.advanceTimersByTime(60 * MINUTE);
    expect(warn).not.toHaveBeenCalled();
  });

  it("warns on an admin request when the machine slept through the timer", () => {
    const warn = vi.fn();
    const timer = new SessionExpiryTimer(warn);
    const expiresAt = Date.now() + 30 * MINUTE;
    timer.watch(expiresAt);
    timer.stop(); // as if the timer never fired
    vi.setSystemTime(Date.now() + 26 * MINUTE);
    timer.check(expiresAt);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("waits in steps beyond setTimeout's 24.8-day limit", () => {
    const warn = vi.fn();
    new SessionExpiryTimer(warn).watch(Date.now() + 40 * 24 * 60 * MINUTE);
    vi.advanceTimersByTime(30 * 24 * 60 * MINUTE);
    expect(warn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10 * 24 * 60 * MINUTE);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
