import { HttpError } from "../core/errors.ts";

/**
 * How many bytes of large request bodies an instance reads at once (decision 069): a body weighs its
 * declared Content-Length (one without, its gate's whole budget: its size is not known). One that
 * fits beside those being read goes on; else it waits its turn, first come first served, at most
 * `waitMs` and behind at most `queueLength` others, then is refused with 503 ERROR_SERVER_BUSY and
 * Retry-After. A body alone is always let in (a route's own limit bounds it), so that no legitimate
 * upload is refused for its size. Small bodies (`smallBytes` and under) do not wait.
 */

export interface BodyGateOptions {
  bytesAtOnce: number;
  smallBytes: number;
  waitMs: number;
  queueLength: number;
  retryAfterSeconds: number;
}

export interface BodyGate {
  /** Resolves with the release once the body may be read; rejects with the 503 when it may not. */
  enter(contentLength: string | undefined): Promise<() => void>;
  /** Whether a body of this declared length is a large one: weighed, and waits its turn. */
  weighs(contentLength: string | undefined): boolean;
  /** Bytes being read, and bodies waiting (tests, benches). */
  readonly counts: { bytes: number; waiting: number };
}

interface Waiting {
  weight: number;
  admit: () => void;
}

export function bodyGate(options: BodyGateOptions): BodyGate {
  let bytes = 0;
  const queue: Waiting[] = [];
  const busy = () => new HttpError(503, "ERROR_SERVER_BUSY", { retryAfterSeconds: options.retryAfterSeconds });

  const fits = (weight: number) => bytes === 0 || bytes + weight <= options.bytesAtOnce;

  function release(weight: number): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      bytes -= weight;
      admitWaiting();
    };
  }

  /** First come first served: a large body at the head is not passed by smaller ones behind it. */
  function admitWaiting(): void {
    while (queue.length > 0 && fits(queue[0].weight)) queue.shift()?.admit();
  }

  function weightOf(contentLength: string | undefined): number {
    const declared = Number(contentLength);
    return contentLength !== undefined && Number.isSafeInteger(declared) && declared >= 0
      ? Math.min(declared, options.bytesAtOnce)
      : options.bytesAtOnce;
  }

  return {
    weighs: (contentLength) => weightOf(contentLength) > options.smallBytes,
    enter(contentLength) {
      const weight = weightOf(contentLength);
      if (weight <= options.smallBytes) return Promise.resolve(() => undefined);
      if (queue.length === 0 && fits(weight)) {
        bytes += weight;
        return Promise.resolve(release(weight));
      }
      if (queue.length >= options.queueLength) return Promise.reject(busy());
      return new Promise((resolve, reject) => {
        const waiting: Waiting = { weight, admit: () => undefined };
        const timer = setTimeout(() => {
          queue.splice(queue.indexOf(waiting), 1);
          reject(busy());
          admitWaiting();
        }, options.waitMs);
        waiting.admit = () => {
          clearTimeout(timer);
          bytes += weight;
          resolve(release(weight));
        };
        queue.push(waiting);
      });
    },
    get counts() {
      return { bytes, waiting: queue.length };
    },
  };
}
