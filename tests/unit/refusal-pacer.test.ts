import { describe, expect, it } from "vitest";
import { createRefusalPacer } from "../../server/pages/refusal-pacer.ts";

describe("createRefusalPacer", () => {
  it("answers a client's first refusals of a window at once and holds the ones it asks for after them", () => {
    let at = 0;
    const pacer = createRefusalPacer({ summaryMs: 60_000, now: () => at });
    const paces = Array.from({ length: 10 }, () => pacer.pace("10.0.0.1", 30).answer);
    expect(paces).toEqual(["now", "now", "now", "now", "now", "now", "now", "now", "later", "later"]);
    expect(pacer.pace("10.0.0.1", 30)).toEqual({ answer: "later", holdMs: 1000 });
    // Another client has its own refusals at once.
    expect(pacer.pace("10.0.0.2", 30).answer).toBe("now");
    // Its budget's window over, a client that was refused again starts with refusals at once.
    at = 30_000;
    expect(pacer.pace("10.0.0.1", 60).answer).toBe("now");
  });

  it("closes connections past the refusals it holds at once, and frees a place when one is answered", () => {
    const pacer = createRefusalPacer({ summaryMs: 60_000, now: () => 0 });
    for (let index = 0; index < 8; index++) pacer.pace("10.0.0.1", 60);
    for (let index = 0; index < 1000; index++) expect(pacer.pace("10.0.0.1", 60).answer).toBe("later");
    expect(pacer.pace("10.0.0.1", 60).answer).toBe("close");
    pacer.released();
    expect(pacer.pace("10.0.0.1", 60).answer).toBe("later");
  });

  it("sums up what it held or closed once a window, not once a refusal", () => {
    let at = 0;
    const pacer = createRefusalPacer({ summaryMs: 60_000, now: () => at });
    for (let index = 0; index < 12; index++) pacer.pace("10.0.0.1", 60);
    expect(pacer.summary()).toBeUndefined();
    at = 60_000;
    expect(pacer.summary()).toEqual({ clients: 1, held: 4, closed: 0 });
    expect(pacer.summary()).toBeUndefined();
    at = 120_000;
    // Nothing held since: nothing to say.
    expect(pacer.summary()).toBeUndefined();
  });
});
