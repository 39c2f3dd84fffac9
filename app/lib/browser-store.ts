import { useSyncExternalStore } from "react";

/**
 * A value kept in the browser's local storage (no account), shared by every tab of the site: a change
 * made in one tab reaches the others through the `storage` event. Where storage is refused (a private
 * window, a full quota) the value lives in this page's memory until it is left. The visitor's quote
 * list and comparison are such values.
 */
export interface BrowserStore<T> {
  /** The value now; the same object as long as nothing changed (useSyncExternalStore compares by identity). */
  read(): T;
  save(next: T): void;
  subscribe(listener: () => void): () => void;
}

/**
 * `parse` reads any stored text defensively (any script of the origin, or a hand edit, may have
 * written it); a text longer than `maxChars` was not written by this site and is removed unread, so
 * no page spends time on it again.
 */
export function browserStore<T>(key: string, maxChars: number, parse: (stored: string | null) => T): BrowserStore<T> {
  let storedText: string | null | undefined;
  let value = parse(null);
  /** Set once a write was refused: from then on the memory copy is the value. */
  let memoryOnly = false;
  const listeners = new Set<() => void>();

  function readStored(): string | null {
    try {
      const text = localStorage.getItem(key);
      if (text === null || text.length <= maxChars) return text;
      localStorage.removeItem(key);
    } catch {
      // Storage refused: nothing stored.
    }
    return null;
  }

  function notify(): void {
    for (const listener of listeners) listener();
  }

  function onStorage(event: StorageEvent): void {
    // A null key: another tab cleared the whole storage.
    if (event.key === key || event.key === null) notify();
  }

  return {
    read() {
      if (memoryOnly) return value;
      const text = readStored();
      if (text !== storedText) {
        storedText = text;
        value = parse(text);
      }
      return value;
    },
    save(next) {
      value = next;
      const text = JSON.stringify(next);
      try {
        localStorage.setItem(key, text);
        storedText = text;
      } catch {
        memoryOnly = true;
      }
      notify();
    },
    subscribe(listener) {
      if (listeners.size === 0) window.addEventListener("storage", onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener("storage", onStorage);
      };
    },
  };
}

/**
 * The server knows no stored value: null there and while the page hydrates, so the first render
 * matches the server's HTML.
 */
const nothingOnServer = () => null;

/** The store's value, or null until the page is hydrated. */
export function useBrowserStore<T>(store: BrowserStore<T>): T | null {
  return useSyncExternalStore(store.subscribe, store.read, nothingOnServer);
}
