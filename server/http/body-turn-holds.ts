import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Work a request leaves running after its answer that still weighs what its body brought: an
 * upload's background variants, which read its pictures back from the database one by one and keep
 * the pictures' child busy. The gate of large bodies (./body-gate.ts, through
 * server/api/body-in-turns.ts) keeps such a request's turn until that work has ended, so that the
 * next large body is not read, parsed and decoded beside it (decision 095).
 */
const holding = new AsyncLocalStorage<Promise<unknown>[]>();

/** Runs `handle` so that the work it leaves behind (holdBodyTurn) is gathered in `holds`. */
export function gatherBodyTurnHolds<T>(holds: Promise<unknown>[], handle: () => Promise<T>): Promise<T> {
  return holding.run(holds, handle);
}

/** The request being handled keeps its body's turn until `work` settles (nothing outside a gathering). */
export function holdBodyTurn(work: Promise<unknown>): void {
  holding.getStore()?.push(work);
}

/**
 * Settles once every hold has, or after `maxMs`: a turn held by work that is stuck (a picture's
 * encoding waits up to its own deadline) is given back all the same.
 */
export function holdsSettled(holds: readonly Promise<unknown>[], maxMs: number): Promise<void> {
  if (holds.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxMs).unref();
    void Promise.allSettled(holds).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
