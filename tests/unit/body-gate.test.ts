import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HttpError } from "../../server/core/errors.ts";
import { bodyGate } from "../../server/http/body-gate.ts";

const MB = 1024 * 1024;
const options = { bytesAtOnce: 80 * MB, smallBytes: MB, waitMs: 10_000, queueLength: 2, retryAfterSeconds: 5 };

const length = (megabytes: number) => String(megabytes * MB);

describe("bodyGate", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("lets bodies in while their bytes fit, a body alone whatever its size, and small ones always", async () => {
    const gate = bodyGate(options);
    const first = await gate.enter(length(68));
    await gate.enter(length(10));
    expect(gate.counts.bytes).toBe(78 * MB);
    await gate.enter("1000");
    await gate.enter(length(1));
    expect(gate.counts).toEqual({ bytes: 78 * MB, waiting: 0 });
    first();
    first();
    expect(gate.counts.bytes).toBe(10 * MB);
    const huge = bodyGate(options);
    await huge.enter(length(500));
    expect(huge.counts.bytes).toBe(80 * MB);
  });

  it("makes a body past the bytes wait its turn, first come first served, and lets it in at a release", async () => {
    const gate = bodyGate(options);
    const first = await gate.enter(length(68));
    const order: string[] = [];
    const large = gate.enter(length(68)).then((release) => (order.push("large"), release));
    const small = gate.enter(length(5)).then((release) => (order.push("small"), release));
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual([]);
    expect(gate.counts.waiting).toBe(2);
    first();
    await Promise.all([large, small]);
    expect(order).toEqual(["large", "small"]);
    expect(gate.counts).toEqual({ bytes: 73 * MB, waiting: 0 });
  });

  it("counts a body of unknown length as the whole budget", async () => {
    const gate = bodyGate(options);
    await gate.enter(undefined);
    expect(gate.counts.bytes).toBe(80 * MB);
  });

  it("refuses with 503 and Retry-After past its wait, or at once when the queue is full", async () => {
    const gate = bodyGate(options);
    await gate.enter(length(68));
    const waiting = [gate.enter(length(68)), gate.enter(length(68))].map((entered) =>
      entered.then(
        () => "entered",
        (error: unknown) => error,
      ),
    );
    const full = await gate.enter(length(68)).catch((error: unknown) => error);
    expect(full).toBeInstanceOf(HttpError);
    expect(full).toMatchObject({ status: 503, code: "ERROR_SERVER_BUSY", retryAfterSeconds: 5 });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(gate.counts.waiting).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    for (const outcome of await Promise.all(waiting)) expect(outcome).toMatchObject({ status: 503 });
    expect(gate.counts.waiting).toBe(0);
  });
});
