import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Work a request leaves behind it that still weighs what its body brought: an upload's background
 * variants, which read its pictures back from the database one by one and keep the pictures' child
 * busy. In a request whose large body has a turn of the gate (./body-gate.ts, through
 * server/api/body-in-turns.ts) such work starts once the answer has left and the request's garbage
 * is collected, and the body keeps its turn until the work has ended, so that the next large body is
 * not read, parsed and decoded beside it (decision 095).
 */
export type LeftWork = () => Promise<unknown>;

const holding = new AsyncLocalStorage<LeftWork[]>();

/** Runs `handle` so that the work it leaves behind (leaveToBodyTurn) is gathered in `left`. */
export function gatherLeftWork<T>(left: LeftWork[], handle: () => Promise<T>): Promise<T> {
  return holding.run(left, handle);
}

/** `work` started after the answer, in the body's turn; at once outside a gathering (an import's pictures). */
export function leaveToBodyTurn(work: LeftWork): void {
  const left = holding.getStore();
  if (left) left.push(work);
  else void work();
}

/**
 * Starts the work left behind; settles once all of it has, or after `maxMs`: a turn held by work
 * that is stuck (a picture's encoding waits up to its own deadline) is given back all the same.
 */
export function runLeftWork(left: readonly LeftWork[], maxMs: number): Promise<void> {
  if (left.length === 0) return Promise.resolve();
  const running = left.map((work) => work());
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxMs).unref();
    void Promise.allSettled(running).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
