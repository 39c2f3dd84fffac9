import { browserStore, useBrowserStore } from "./browser-store.ts";
import {
  QUOTE_LIST_STORED_MAX_CHARS,
  parseQuoteList,
  withCatalogue,
  withItem,
  withMachine,
  withoutMachines,
  type AddOutcome,
  type ListedMachine,
  type QuoteList,
  type QuoteListItem,
} from "./quote-list.ts";

/** The quote list kept in the browser (app/lib/browser-store.ts), shared by every tab of the site. */

export const QUOTE_LIST_STORAGE_KEY = "quote-list";

const store = browserStore(QUOTE_LIST_STORAGE_KEY, QUOTE_LIST_STORED_MAX_CHARS, parseQuoteList);

/** The list now; the same array as long as nothing changed. */
export const quoteList = store.read;

export const subscribeToQuoteList = store.subscribe;

/** The list, or null until the page is hydrated. */
export function useQuoteList(): QuoteList | null {
  return useBrowserStore(store);
}

export function addToQuoteList(machine: ListedMachine, place: "last" | "first" = "last"): AddOutcome {
  const { list: next, outcome } = withMachine(quoteList(), machine, place);
  if (outcome === "added") store.save(next);
  return outcome;
}

export function removeFromQuoteList(ids: readonly string[]): void {
  store.save(withoutMachines(quoteList(), ids));
}

export function changeQuoteItem(id: string, change: Partial<Omit<QuoteListItem, "machine">>): void {
  store.save(withItem(quoteList(), id, change));
}

/** Takes the catalogue's answer about the machines `asked` for (see withCatalogue); returns the machines it removed. */
export function updateFromCatalogue(asked: readonly string[], machines: readonly ListedMachine[]): ListedMachine[] {
  const { list: next, gone } = withCatalogue(quoteList(), asked, machines);
  store.save(next);
  return gone;
}
