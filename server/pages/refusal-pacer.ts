/** Refusals answered at once per client and budget window: a client that stops at its first 429 never waits. */
const REFUSALS_AT_ONCE = 8;
/**
 * How long a refusal past those is held before it is answered: a client looping over misses sends
 * one request per connection and this time.
 */
const HOLD_MS = 1000;
/**
 * Refusals held at once, all clients together; past that a refused connection is closed (a flood's
 * sockets cannot pile up).
 */
const MAX_HELD = 1000;
/** Above this many remembered clients, finished windows are swept. */
const SWEEP_ABOVE = 10_000;

/** What to do with one refusal: answer it now, answer it after `holdMs`, or close the connection without a reply. */
export type Pace = { answer: "now" } | { answer: "later"; holdMs: number } | { answer: "close" };

/**
 * What was refused past the refusals answered at once, since the last summary: logged once a
 * window, not once a request.
 */
export interface RefusalSummary {
  clients: number;
  held: number;
  closed: number;
}

/**
 * The pace of a spent render budget's refusals (decision 062): every refusal is the 429 with
 * Retry-After, but a client that goes on asking while its budget is spent gets them slowly, so
 * that its loop costs the event loop a few requests a second instead of thousands.
 */
export interface RefusalPacer {
  /** The pace of one refusal of `client` (a rate-limit key), whose budget opens again in `retryAfterSeconds`. */
  pace(client: string, retryAfterSeconds: number): Pace;
  /** A held refusal has been answered (or its connection closed): it no longer counts against MAX_HELD. */
  released(): void;
  /**
   * What was held or closed since the last summary, once per `summaryMs` at most; undefined when it
   * is not time or there was nothing.
   */
  summary(): RefusalSummary | undefined;
}

export function createRefusalPacer(options: { summaryMs: number; now?: () => number }): RefusalPacer {
  const now = options.now ?? Date.now;
  const clients = new Map<string, { until: number; refused: number }>();
  let held = 0;
  let lastSummary = now();
  const pending = { clients: new Set<string>(), held: 0, closed: 0 };
  return {
    pace(client, retryAfterSeconds) {
      const at = now();
      if (clients.size > SWEEP_ABOVE) {
        for (const [stale, entry] of clients) if (at >= entry.until) clients.delete(stale);
      }
      let entry = clients.get(client);
      if (!entry || at >= entry.until) {
        entry = { until: at + retryAfterSeconds * 1000, refused: 0 };
        clients.set(client, entry);
      }
      entry.refused += 1;
      if (entry.refused <= REFUSALS_AT_ONCE) return { answer: "now" };
      pending.clients.add(client);
      if (held >= MAX_HELD) {
        pending.closed += 1;
        return { answer: "close" };
      }
      held += 1;
      pending.held += 1;
      return { answer: "later", holdMs: HOLD_MS };
    },
    released() {
      held -= 1;
    },
    summary() {
      const at = now();
      if (at - lastSummary < options.summaryMs || pending.clients.size === 0) return undefined;
      lastSummary = at;
      const result = { clients: pending.clients.size, held: pending.held, closed: pending.closed };
      pending.clients.clear();
      pending.held = 0;
      pending.closed = 0;
      return result;
    },
  };
}
