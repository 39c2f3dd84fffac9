import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PictureTurnOverdue, pictureQueue } from "../../server/media/picture-work.ts";

/**
 * server/media/picture-work.ts: a picture job that never ends (a stuck libvips) gives its turn back
 * at the deadline.
 */

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const DEADLINE_MS = 60_000;
const never = () => new Promise<never>(() => {});

describe("pictureQueue", () => {
  it("abandons a job that outlives the deadline, and the next job gets its turn", async () => {
    const queue = pictureQueue(1, DEADLINE_MS);
    const stuck = queue(never);
    const stuckOutcome = stuck.catch((error: unknown) => error);
    const next = vi.fn(async () => "made");
    const waiting = queue(next);

    await vi.advanceTimersByTimeAsync(DEADLINE_MS - 1);
    expect(next).not.toHaveBeenCalled();
    expect(queue.pendingCount).toBe(1);

    await vi.advanceTimersByTimeAsync(1);
    const error = await stuckOutcome;
    expect(error).toBeInstanceOf(PictureTurnOverdue);
    expect((error as Error).message).toContain("60 s deadline");
    expect(await waiting).toBe("made");
    expect(next).toHaveBeenCalledOnce();
    expect(queue.activeCount + queue.pendingCount).toBe(0);
  });

  it("counts the deadline from the job's turn, not from the time it waited in the queue", async () => {
    const queue = pictureQueue(1, DEADLINE_MS);
    const first = queue(() => new Promise<string>((resolve) => setTimeout(() => resolve("first"), DEADLINE_MS - 1000)));
    const second = queue(
      () => new Promise<string>((resolve) => setTimeout(() => resolve("second"), DEADLINE_MS - 1000)),
    );
    await vi.advanceTimersByTimeAsync(2 * (DEADLINE_MS - 1000));
    expect(await first).toBe("first");
    expect(await second).toBe("second");
  });

  it("passes a job's own failure on, and leaves no timer behind a job that ended in time", async () => {
    const queue = pictureQueue(2, DEADLINE_MS);
    await expect(queue(async () => Promise.reject(new Error("not a picture")))).rejects.toThrow("not a picture");
    await expect(
      queue(() => {
        throw new Error("thrown before any promise");
      }),
    ).rejects.toThrow("thrown before any promise");
    expect(await queue(async () => 42)).toBe(42);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("runs at most `concurrency` jobs at once", async () => {
    const queue = pictureQueue(2, DEADLINE_MS);
    void queue(never).catch(() => {});
    void queue(never).catch(() => {});
    const third = vi.fn(async () => undefined);
    const waiting = queue(third);
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.activeCount).toBe(2);
    expect(third).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(DEADLINE_MS);
    await waiting;
    expect(third).toHaveBeenCalledOnce();
  });
});
