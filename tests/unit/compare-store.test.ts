import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COMPARE_MAX, compareIds, comparePath } from "../../common/catalogue/compare-address.ts";
import { COMPARE_STORAGE_KEY } from "../../app/lib/compare-store.ts";
import type * as CompareStore from "../../app/lib/compare-store.ts";
import { MemoryStorage } from "../helpers/memory-storage.ts";

let storage: MemoryStorage;
let browserWindow: EventTarget;

/** The store as a page that has just loaded sees it: a fresh module over the tab's storage. */
async function loadStore(): Promise<typeof CompareStore> {
  vi.resetModules();
  return import("../../app/lib/compare-store.ts");
}

describe("compare address", () => {
  it("names the machines by id, in order", () => {
    const [a, b] = [randomUUID(), randomUUID()];
    expect(comparePath([a, b])).toBe(`/comparare?utilaje=${a},${b}`);
    expect(comparePath([])).toBe("/comparare");
    expect(compareIds(`${a},${b}`)).toEqual([a, b]);
  });

  it(`reads defensively: uuids only, each once, lower-cased, at most ${COMPARE_MAX}`, () => {
    const ids = Array.from({ length: COMPARE_MAX + 2 }, () => randomUUID());
    const [first] = ids;
    expect(compareIds(`x,${first?.toUpperCase()}, ${first},,../a,${ids.slice(1).join(",")}`)).toEqual(
      ids.slice(0, COMPARE_MAX),
    );
    expect(compareIds(null)).toEqual([]);
    expect(compareIds({ length: 2 })).toEqual([]);
    expect(compareIds([1, ids[1], true])).toEqual([ids[1]]);
  });
});

describe("compare store", () => {
  beforeEach(() => {
    storage = new MemoryStorage();
    browserWindow = new EventTarget();
    vi.stubGlobal("localStorage", storage);
    vi.stubGlobal("window", browserWindow);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("adds, takes out again and survives a reload", async () => {
    const store = await loadStore();
    const [a, b] = [randomUUID(), randomUUID()];
    expect(store.toggleCompared(a)).toBe(true);
    expect(store.toggleCompared(b)).toBe(true);
    expect((await loadStore()).compareList()).toEqual([a, b]);
    expect(store.toggleCompared(a)).toBe(true);
    expect((await loadStore()).compareList()).toEqual([b]);
  });

  it(`refuses machine ${COMPARE_MAX + 1} and leaves the comparison as it was`, async () => {
    const store = await loadStore();
    for (let index = 0; index < COMPARE_MAX; index += 1) expect(store.toggleCompared(randomUUID())).toBe(true);
    const before = store.compareList();
    expect(store.toggleCompared(randomUUID())).toBe(false);
    expect(store.compareList()).toBe(before);
  });

  it("starts empty over stored text it cannot read, and drops what is not an id", async () => {
    storage.values.set(COMPARE_STORAGE_KEY, "{not json");
    expect((await loadStore()).compareList()).toEqual([]);
    const id = randomUUID();
    storage.values.set(COMPARE_STORAGE_KEY, JSON.stringify(["javascript:alert(1)", id, id]));
    expect((await loadStore()).compareList()).toEqual([id]);
  });

  it("hears of another tab's change", async () => {
    const store = await loadStore();
    const heard = vi.fn();
    store.subscribeToCompareList(heard);
    const id = randomUUID();
    storage.values.set(COMPARE_STORAGE_KEY, JSON.stringify([id]));
    browserWindow.dispatchEvent(Object.assign(new Event("storage"), { key: COMPARE_STORAGE_KEY }));
    expect(heard).toHaveBeenCalledTimes(1);
    expect(store.compareList()).toEqual([id]);
  });

  it("keeps the comparison in the page's memory where storage refuses it", async () => {
    storage.refuse = true;
    const store = await loadStore();
    const id = randomUUID();
    expect(store.toggleCompared(id)).toBe(true);
    expect(store.compareList()).toEqual([id]);
  });
});
