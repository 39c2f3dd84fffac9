import { expect, it } from "vitest";
import { retryDelayMs } from "../../server/mail/backoff.ts";

it("waits 30 s after the first failure, doubles, and never more than an hour", () => {
  expect([1, 2, 3, 4, 5, 6, 7, 8].map(retryDelayMs)).toEqual([
    30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000,
  ]);
  expect(retryDelayMs(1000)).toBe(3_600_000);
});
