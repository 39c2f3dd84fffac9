import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../../server/core/logger.ts";
import { periodicSweep } from "../../server/core/periodic-sweep.ts";

/**
 * server/core/periodic-sweep.ts, the one timer of the housekeeping, the nightly backup and the
 * alerts: rounds one at a time, a failure logged and the next round still run, stop() waiting a
 * few seconds at most for a round under way.
 */

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A round that ends when the test says so. */
function heldRound() {
  const releases: (() => void)[] = [];
  let started = 0;
  const round = () => {
    started += 1;
    return new Promise<void>((resolve) => releases.push(resolve));
  };
  return { round, started: () => started, endLast: () => releases.at(-1)?.() };
}

describe("periodicSweep", () => {
  it("waits its first delay, then its period after each round has ended: never two rounds at once", async () => {
    const held = heldRound();
    const rounds = periodicSweep("test rounds", held.round, createLogger("silent"), {
      firstAfterMs: 1_000,
      everyMs: 5_000,
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(held.started()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(held.started()).toBe(1);
    // A round longer than the period: the next waits for it.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(held.started()).toBe(1);
    held.endLast();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(held.started()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(held.started()).toBe(2);
    held.endLast();
    await rounds.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(held.started()).toBe(2);
  });

  it("logs a failed round with what it is, and runs the next", async () => {
    const logger = createLogger("silent");
    const logged = vi.spyOn(logger, "error");
    let calls = 0;
    const rounds = periodicSweep(
      "alerts check",
      async () => {
        calls += 1;
        if (calls === 1) throw new Error("database gone");
      },
      logger,
      { firstAfterMs: 10, everyMs: 10 },
    );
    await vi.advanceTimersByTimeAsync(10);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), "alerts check failed");
    await vi.advanceTimersByTimeAsync(10);
    expect(calls).toBe(2);
    await rounds.stop();
  });

  it("stops waiting for a round under way after a few seconds", async () => {
    const held = heldRound();
    const rounds = periodicSweep("stuck rounds", held.round, createLogger("silent"), { firstAfterMs: 0 });
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    void rounds.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(stopped).toBe(true);
  });
});
