import { COMPARE_MAX, compareIds } from "../../common/catalogue/compare-address.ts";
import { browserStore, useBrowserStore } from "./browser-store.ts";

/**
 * The machines the visitor gathers to compare (at most COMPARE_MAX), kept in the browser as the
 * quote list is (app/lib/browser-store.ts): their ids only, since the compare page reads the rest
 * from the catalogue. On every public page (its header's count, the cards' button): kept small.
 */

export const COMPARE_STORAGE_KEY = "compare";

/** COMPARE_MAX ids of 36 characters in a JSON array, with room to spare. */
const STORED_MAX_CHARS = 1024;

const store = browserStore(COMPARE_STORAGE_KEY, STORED_MAX_CHARS, (stored) => {
  try {
    return compareIds(stored === null ? [] : JSON.parse(stored));
  } catch {
    return [];
  }
});

export const compareList = store.read;

export const subscribeToCompareList = store.subscribe;

/** The ids, or null until the page is hydrated. */
export function useCompareList(): readonly string[] | null {
  return useBrowserStore(store);
}

/** Adds a machine (false: the comparison is full) or, when it is there, takes it out. */
export function toggleCompared(id: string): boolean {
  const ids = compareList();
  if (ids.includes(id)) store.save(ids.filter((each) => each !== id));
  else if (ids.length < COMPARE_MAX) store.save([...ids, id]);
  else return false;
  return true;
}
