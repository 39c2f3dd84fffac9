import { describe, expect, it } from "vitest";
import { countedLogger, errorKind } from "../../server/core/counted-logger.ts";
import { hourlyCounts, OTHER_KIND } from "../../server/core/hourly-counts.ts";
import { createLogger } from "../../server/core/logger.ts";

/* The Stare page's errors and rate limits hit (decision 087): counted by kind in hourly buckets over a day. */

const HOUR = 3_600_000;

describe("hourlyCounts", () => {
  it("counts by kind in the hour now open, the one before, the last day and since start", () => {
    const counts = hourlyCounts();
    const start = 1000 * HOUR;
    counts.add("ENOSPC", start - 30 * HOUR);
    counts.add("ENOSPC", start - HOUR);
    counts.add("ENOSPC", start + 10);
    counts.add("TypeError", start + 20);
    expect(counts.read(start + 30)).toEqual([
      { kind: "ENOSPC", lastDay: 2, thisHour: 1, lastHour: 1, total: 3 },
      { kind: "TypeError", lastDay: 1, thisHour: 1, lastHour: 0, total: 1 },
    ]);
    // A day later, the day holds nothing; the totals stay.
    expect(counts.read(start + 24 * HOUR).map(({ lastDay, total }) => ({ lastDay, total }))).toEqual([
      { lastDay: 0, total: 3 },
      { lastDay: 0, total: 1 },
    ]);
  });

  it("keeps at most 50 kinds apart, the rest as one", () => {
    const counts = hourlyCounts();
    for (let i = 0; i < 60; i += 1) counts.add(`KIND_${i}`);
    const kinds = counts.read();
    expect(kinds).toHaveLength(51);
    expect(kinds.find((entry) => entry.kind === OTHER_KIND)?.total).toBe(10);
  });
});

describe("the error lines' kinds", () => {
  it("are an error's code, else its class, never its message", () => {
    expect(errorKind({ err: Object.assign(new Error("a@b.ro"), { code: "ENOSPC" }) })).toBe("ENOSPC");
    expect(errorKind({ err: Object.assign(new Error("dup"), { code: "23505" }) })).toBe("23505");
    expect(errorKind({ err: Object.assign(new Error("x"), { code: "not a code: a@b.ro" }) })).toBe("Error");
    expect(errorKind(new RangeError("ion@example.ro"))).toBe("RangeError");
    expect(errorKind({ machine: "x" })).toBe("log");
    expect(errorKind("a message")).toBe("log");
  });

  it("are counted from a silent logger's error and fatal lines, not its warnings", () => {
    const counts = hourlyCounts();
    const logger = countedLogger(createLogger("silent"), counts);
    logger.error({ err: new TypeError("t") }, "failed");
    logger.fatal(new RangeError("r"));
    logger.warn({ err: new TypeError("t") }, "only a warning");
    logger.info("fine");
    expect(logger.error).toBe(logger.error);
    expect(counts.read().map(({ kind, total }) => [kind, total])).toEqual([
      ["TypeError", 1],
      ["RangeError", 1],
    ]);
  });
});
