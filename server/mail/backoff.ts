/** First retry after 30 s, then doubling, never more than an hour apart: a message is never dropped. */
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** The wait before the next try of a message that has failed `attempts` times (1 or more). */
export function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(Math.max(attempts - 1, 0), 20));
}
