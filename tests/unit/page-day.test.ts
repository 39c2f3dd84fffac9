import { describe, expect, it } from "vitest";
import { pageDay } from "../../server/pages/page-day.ts";

/** The day that keys cached pages besides their address: Romania's, turning at its midnight. */
describe("the page day", () => {
  it("turns at midnight in Bucharest, not at the server's", () => {
    expect(pageDay(Date.parse("2026-11-27T21:59:59Z"))).toBe("2026-11-27");
    expect(pageDay(Date.parse("2026-11-27T22:00:00Z"))).toBe("2026-11-28");
    expect(pageDay(Date.parse("2026-11-28T21:59:59.999Z"))).toBe("2026-11-28");
    expect(pageDay(Date.parse("2026-11-28T22:00:00Z"))).toBe("2026-11-29");
  });

  it("follows a clock set back", () => {
    expect(pageDay(Date.parse("2026-11-29T10:00:00Z"))).toBe("2026-11-29");
    expect(pageDay(Date.parse("2026-11-20T10:00:00Z"))).toBe("2026-11-20");
  });
});
