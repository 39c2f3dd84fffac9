import { useSyncExternalStore } from "react";
import type { QuoteMachine } from "../../common/leads/quote-list-schema.ts";
import { QUOTE_LIST_STORED_MAX_CHARS, parseQuoteList, withCatalogue, withItem, withMachine, withoutMachines, type AddOutcome, type QuoteList, type QuoteListItem } from "./quote-list.ts";

/**
 * The quote list kept in the browser's local storage (no account), shared by every tab of the site:
 * a change made in one tab reaches the others through the `storage` event. Where storage is refused
 * (a private window, a full quota) the list lives in this page's memory until it is left.
 */

export const QUOTE_LIST_STORAGE_KEY = "quote-list";

let storedText: string | null | undefined;
let list: QuoteList = [];
/** Set once a write was refused: from then on the memory copy is the list. */
let memoryOnly = false;
const listeners = new Set<() => void>();

/** The stored text; one too long for a list this site writes is removed unread, so no page reads it again. */
function readStored(): string | null {
  try {
    const text = localStorage.getItem(QUOTE_LIST_STORAGE_KEY);
    if (text === null || text.length <= QUOTE_LIST_STORED_MAX_CHARS) return text;
    localStorage.removeItem(QUOTE_LIST_STORAGE_KEY);
  } catch {
    // Storage refused: no list.
  }
  return null;
}

/** The list now; the same array as long as nothing changed (useSyncExternalStore compares by identity). */
export function quoteList(): QuoteList {
  if (memoryOnly) return list;
  const text = readStored();
  if (text !== storedText) {
    storedText = text;
    list = parseQuoteList(text);
  }
  return list;
}

function notify(): void {
  for (const listener of listeners) listener();
}

function save(next: QuoteList): void {
  list = next;
  const text = JSON.stringify(next);
  try {
    localStorage.setItem(QUOTE_LIST_STORAGE_KEY, text);
    storedText = text;
  } catch {
    memoryOnly = true;
  }
  notify();
}

function onStorage(event: StorageEvent): void {
  // A null key: another tab cleared the whole storage.
  if (event.key === QUOTE_LIST_STORAGE_KEY || event.key === null) notify();
}

export function subscribeToQuoteList(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener("storage", onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

/** The server knows no list: null there and while the page hydrates, so the first render matches the server's HTML. */
const noListOnServer = () => null;

/** The list, or null until the page is hydrated. */
export function useQuoteList(): QuoteList | null {
  return useSyncExternalStore(subscribeToQuoteList, quoteList, noListOnServer);
}

export function addToQuoteList(machine: QuoteMachine, place: "last" | "first" = "last"): AddOutcome {
  const { list: next, outcome } = withMachine(quoteList(), machine, place);
  if (outcome === "added") save(next);
  return outcome;
}

export function removeFromQuoteList(ids: readonly string[]): void {
  save(withoutMachines(quoteList(), ids));
}

export function changeQuoteItem(id: string, change: Partial<Omit<QuoteListItem, "machine">>): void {
  save(withItem(quoteList(), id, change));
}

/** Takes the catalogue's answer about the machines `asked` for (see withCatalogue); returns the machines it removed. */
export function updateFromCatalogue(asked: readonly string[], machines: readonly QuoteMachine[]): QuoteMachine[] {
  const { list: next, gone } = withCatalogue(quoteList(), asked, machines);
  save(next);
  return gone;
}
