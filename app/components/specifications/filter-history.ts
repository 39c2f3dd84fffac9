import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useNavigationType } from "react-router";

/** Marks the history entries the filters wrote, so the page knows them from an address that came from elsewhere. */
const FILTER_WRITE = { filterWrite: true } as const;

const isFilterWrite = (state: unknown) => typeof state === "object" && state !== null && "filterWrite" in state;

/** How long a write may wait for an idle moment after its frame (typing on keeps the main thread busy). */
const IDLE_TIMEOUT_MS = 300;

/**
 * Resolves after the next frame, once it has been painted, when the main thread is idle: the
 * address's write never delays the frame that shows a change, nor a visitor typing on (a browser
 * without requestIdleCallback, Safari, writes in the task after the frame).
 */
const afterFrameWhenIdle = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => {
      if ("requestIdleCallback" in window) requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(resolve);
    }),
  );

/** The changes not yet written, in order, and whether they are being written. */
interface Writes {
  waiting: { query: string; replace: boolean }[];
  running: boolean;
  /** Set when the page is left or another address came: nothing more is written. */
  stopped: boolean;
  /** The query shown: a change to the same query (the apply button pressed again) writes no history entry. */
  shown: string;
}

export interface FilterHistory {
  /** The query the page shows: the filters' last change, even before the address has it. */
  search: string;
  /** Counts the addresses that came from elsewhere (back, forward, a link): the form's fields start again from each. */
  generation: number;
  /**
   * Shows `query` at once and writes it to the address after the next frame; `replace`: in place of
   * the entry the last change wrote.
   */
  write: (query: string, replace: boolean) => void;
}

/**
 * A category page's filters live in its address (decision 058), yet the list follows a change before
 * the address does. Writing the address is a router navigation: every component that reads the
 * address or the router's state renders again, and React looks through each of the category's cards
 * for what it reads, tens of milliseconds on a phone with hundreds of cards. So a change is rendered
 * at once from the page's own state, and written to the address when the page is idle after the frame that shows it has
 * been painted. Writes go in order, each awaited; changes made before a write starts join it when
 * they replace its entry (typing on in the same field), so the back button still steps through every
 * choice. An address the filters did not write is shown as it is, and the changes waiting are dropped.
 */
export function useFilterHistory(): FilterHistory {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const [view, setView] = useState({ search: location.search, generation: 0 });
  const writes = useRef<Writes>({ waiting: [], running: false, stopped: false, shown: location.search });
  // An address from elsewhere is told from the committed address only, before it is painted. The
  // router changes the address in a transition, so a render for a change typed meanwhile may still
  // read the address from before the filters' last write: taken for an address from elsewhere, it
  // dropped that change (the list showed it, the address never got it).
  const seenKey = useRef(location.key);
  useLayoutEffect(() => {
    if (location.key === seenKey.current) return;
    seenKey.current = location.key;
    if (navigationType !== "POP" && isFilterWrite(location.state)) return;
    writes.current.shown = location.search;
    setView((before) => ({ search: location.search, generation: before.generation + 1 }));
  }, [location, navigationType]);

  // An address from elsewhere, or the page left: what was waiting is not written.
  useEffect(() => {
    const state = writes.current;
    state.stopped = false;
    return () => {
      state.waiting.length = 0;
      state.stopped = true;
    };
  }, [view.generation]);

  const writeInTurn = useCallback(
    async (state: Writes) => {
      state.running = true;
      while (state.waiting.length > 0 && !state.stopped) {
        await afterFrameWhenIdle();
        const next = state.waiting.shift();
        if (next && !state.stopped)
          await navigate(
            { search: next.query },
            { replace: next.replace, preventScrollReset: true, state: FILTER_WRITE },
          );
      }
      state.running = false;
    },
    [navigate],
  );

  const write = useCallback(
    (query: string, replace: boolean) => {
      const state = writes.current;
      if (query === state.shown) return;
      state.shown = query;
      setView((before) => ({ ...before, search: query }));
      const last = state.waiting.at(-1);
      if (last && replace) last.query = query;
      else state.waiting.push({ query, replace });
      if (!state.running) void writeInTurn(state);
    },
    [writeInTurn],
  );

  return { search: view.search, generation: view.generation, write };
}
