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
