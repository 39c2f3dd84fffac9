import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QUOTE_LIST_MAX } from "../../common/leads/quote-limits.ts";
import type { ListedMachine } from "../../app/lib/quote-list.ts";
import { QUOTE_LIST_STORAGE_KEY } from "../../app/lib/quote-list-store.ts";
import type * as QuoteListStore from "../../app/lib/quote-list-store.ts";
import { MemoryStorage } from "../helpers/memory-storage.ts";

type Store = typeof QuoteListStore;

const machine = (model: string): ListedMachine => ({
  id: randomUUID(),
  model,
  category: null,
  path: `/categorie/diverse/utilaj/${model}`,
});

let storage: MemoryStorage;
let browserWindow: EventTarget;

/** The store as a page that has just loaded sees it: a fresh module over the tab's storage. */
async function loadStore(): Promise<Store> {
  vi.resetModules();
  return import("../../app/lib/quote-list-store.ts");
}

describe("quote list store", () => {
  beforeEach(() => {
    storage = new MemoryStorage();
    browserWindow = new EventTarget();
    vi.stubGlobal("localStorage", storage);
    vi.stubGlobal("window", browserWindow);
    vi.stubGlobal("location", new URL("https://utilaje.test/home"));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("removes a stored text too long for a list, so that no page reads it again", async () => {
    storage.values.set(
      QUOTE_LIST_STORAGE_KEY,
      JSON.stringify(Array.from({ length: 20_000 }, (_, index) => ({ machine: machine(`M${index}`) }))),
    );
    const store = await loadStore();
    expect(store.quoteList()).toEqual([]);
    expect(storage.values.has(QUOTE_LIST_STORAGE_KEY)).toBe(false);
  });

  it("adds, keeps once, removes and survives a reload", async () => {
    const store = await loadStore();
    const [a, b] = [machine("A"), machine("B")];
    expect(store.addToQuoteList(a)).toBe("added");
    expect(store.addToQuoteList(b)).toBe("added");
    expect(store.addToQuoteList(a)).toBe("present");
    store.changeQuoteItem(b.id, { startDate: "2026-12-01", days: 4, operator: true });
    const reloaded = await loadStore();
    expect(reloaded.quoteList().map((item) => item.machine)).toEqual([a, b]);
    expect(reloaded.quoteList()[1]).toMatchObject({ startDate: "2026-12-01", days: 4, operator: true });
    reloaded.removeFromQuoteList([a.id]);
    expect((await loadStore()).quoteList().map((item) => item.machine)).toEqual([b]);
  });

  it(`refuses machine ${QUOTE_LIST_MAX + 1} and leaves the list as it was`, async () => {
    const store = await loadStore();
    for (let index = 0; index < QUOTE_LIST_MAX; index += 1)
      expect(store.addToQuoteList(machine(`M${index}`))).toBe("added");
    const before = store.quoteList();
    expect(store.addToQuoteList(machine("one too many"))).toBe("full");
    expect(store.quoteList()).toBe(before);
    expect(store.quoteList()).toHaveLength(QUOTE_LIST_MAX);
  });

  it("gives the same list while nothing changed, as React's external store needs", async () => {
    const store = await loadStore();
    store.addToQuoteList(machine("A"));
    expect(store.quoteList()).toBe(store.quoteList());
  });

  it("starts empty over stored text it cannot read", async () => {
    storage.values.set(QUOTE_LIST_STORAGE_KEY, "{not json");
    const store = await loadStore();
    expect(store.quoteList()).toEqual([]);
    expect(store.addToQuoteList(machine("A"))).toBe("added");
    expect(store.quoteList()).toHaveLength(1);
  });

  it("tells its subscribers of changes made here and in other tabs", async () => {
    const store = await loadStore();
    const heard = vi.fn();
    const unsubscribe = store.subscribeToQuoteList(heard);
    store.addToQuoteList(machine("A"));
    expect(heard).toHaveBeenCalledTimes(1);

    // Another tab writes the list; this one hears of it through the storage event.
    const other = machine("From another tab");
    storage.values.set(QUOTE_LIST_STORAGE_KEY, JSON.stringify([{ machine: other }]));
    browserWindow.dispatchEvent(Object.assign(new Event("storage"), { key: QUOTE_LIST_STORAGE_KEY }));
    expect(heard).toHaveBeenCalledTimes(2);
    expect(store.quoteList().map((item) => item.machine)).toEqual([other]);
    browserWindow.dispatchEvent(Object.assign(new Event("storage"), { key: "lang" }));
    expect(heard).toHaveBeenCalledTimes(2);

    unsubscribe();
    store.removeFromQuoteList([other.id]);
    expect(heard).toHaveBeenCalledTimes(2);
    expect(store.quoteList()).toEqual([]);
  });

  it("updates names from the catalogue and says which machines it no longer has", async () => {
    const store = await loadStore();
    const [a, b] = [machine("A"), machine("B")];
    store.addToQuoteList(a);
    store.addToQuoteList(b);
    const gone = store.updateFromCatalogue([a.id, b.id], [{ ...a, model: "A renamed" }]);
    expect(gone).toEqual([b]);
    expect(store.quoteList().map((item) => item.machine.model)).toEqual(["A renamed"]);
  });

  it("keeps the list in the page's memory where storage refuses it", async () => {
    storage.refuse = true;
    const store = await loadStore();
    expect(store.addToQuoteList(machine("A"))).toBe("added");
    expect(store.quoteList()).toHaveLength(1);
  });
});
