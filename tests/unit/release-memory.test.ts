import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * server/core/collect-garbage.ts's releaseMemory: V8's last-resort collection (about 50 ms of the
 * event loop) at most once every RELEASE_SPACING_MS, one asked sooner run when that time is up.
 */
describe("releaseMemory", () => {
  const gc = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
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

  it("runs the ones asked within the spacing as one, when the spacing is up", async () => {
    const { releaseMemory, RELEASE_SPACING_MS } = await import("../../server/core/collect-garbage.ts");
    releaseMemory();
    for (let asked = 0; asked < 20; asked += 1) {
      vi.advanceTimersByTime(RELEASE_SPACING_MS / 40);
      releaseMemory();
    }
    expect(gc).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(RELEASE_SPACING_MS / 2);
    expect(gc).toHaveBeenCalledTimes(2);
    // The next asked right after waits its spacing in turn.
    releaseMemory();
    expect(gc).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(RELEASE_SPACING_MS);
    expect(gc).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(RELEASE_SPACING_MS * 5);
    expect(gc).toHaveBeenCalledTimes(3);
  });
});
