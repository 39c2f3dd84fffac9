import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * server/core/collect-garbage.ts's releaseMemory: V8's last-resort collection (about 50 ms of the
 * event loop) at most once every RELEASE_SPACING_MS, one asked sooner skipped.
 */
describe("releaseMemory", () => {
  const gc = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["performance"] });
    vi.stubGlobal("gc", gc);
    gc.mockClear();
    // Its spacing is the module's own state: a fresh module for each test.
    vi.resetModules();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("collects at once when none ran lately, with the flavour that gives memory back", async () => {
    const { releaseMemory } = await import("../../server/core/collect-garbage.ts");
    releaseMemory();
    expect(gc).toHaveBeenCalledTimes(1);
    expect(gc).toHaveBeenCalledWith({ type: "major", execution: "sync", flavor: "last-resort" });
  });

  it("skips the ones asked within the spacing, and runs the next one after it", async () => {
    const { releaseMemory, RELEASE_SPACING_MS } = await import("../../server/core/collect-garbage.ts");
    releaseMemory();
    for (let asked = 0; asked < 20; asked += 1) {
      vi.advanceTimersByTime(RELEASE_SPACING_MS / 40);
      releaseMemory();
    }
    expect(gc).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(RELEASE_SPACING_MS / 2);
    releaseMemory();
    expect(gc).toHaveBeenCalledTimes(2);
    releaseMemory();
    expect(gc).toHaveBeenCalledTimes(2);
  });
});
