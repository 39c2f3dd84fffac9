/**
 * A full collection of V8's heap, now, in a process started with `--expose-gc` (the server's,
 * server/process/settings.ts); nothing in one without (tests, tools). Called at a large upload's
 * turn (server/api/body-in-turns.ts): the heap the server grows to while it parses one, and the
 * pictures' buffers its garbage keeps alive, would otherwise stay resident until V8 next chose to
 * collect, beside the pictures' child and the next upload (decision 095).
 */
export function collectGarbage(): void {
  globalThis.gc?.();
}

/**
 * A collection of V8's young generation only (a millisecond or two): the buffers a step has just
 * let go of (a picture's bytes once its turn has ended, server/media/picture-work.ts; the raw
 * bytes of a body's picture once its string is made, server/api/body-in-turns.ts) are freed now
 * rather than when their external memory next makes V8 collect, which let several pictures' pile
 * up (decision 095).
 */
export function collectYoungGarbage(): void {
  globalThis.gc?.({ type: "minor" });
}

/** The least time between two releases of memory: their cost stays under 1 % of the event loop. */
export const RELEASE_SPACING_MS = 10_000;

let lastRelease = Number.NEGATIVE_INFINITY;

/**
 * A full collection that also gives memory back, as V8's memory reducer does once a process has
 * been idle for some seconds, which a busy server never is: the heap shrunk to what is alive, and
 * external memory no longer held (collectGarbage left an export's 70 MB of it resident). About
 * 50 ms of the event loop on the server's heap, and V8 clears its compilation cache with it (case 4
 * of bench/back-office-bounds.ts kept its page p99 at 21 ms), so only once a large answer has left
 * (server/http/after-answer.ts, decision 095), never from a timer in another request's way, and at
 * most one every RELEASE_SPACING_MS: one asked sooner is skipped, V8's own collections coming in
 * time, so that a loop of large exports cannot stall the server 50 ms a request.
 */
export function releaseMemory(): void {
  const now = performance.now();
  if (now - lastRelease < RELEASE_SPACING_MS) return;
  lastRelease = now;
  globalThis.gc?.({ type: "major", execution: "sync", flavor: "last-resort" });
}
