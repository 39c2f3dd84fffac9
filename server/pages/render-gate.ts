import { HttpError } from "../core/errors.ts";

/**
 * The renders of one process (decision 054): at most `concurrency` at once, the next ones waiting
 * in a short queue, first come first served; past it a render is refused at once with 503 and
 * Retry-After, which costs nothing, rather than queued behind seconds of others' work. A render is
 * CPU on the one event loop: more of them at once only make each longer, while cached pages,
 * served on the short path (server/pages/cached-page-listener.ts), keep their turn between them.
 */
export class RenderGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly concurrency: number;
  private readonly queueLength: number;

  constructor(concurrency = 2, queueLength = 32) {
    this.concurrency = concurrency;
    this.queueLength = queueLength;
  }

  /** Renders at work and waiting (the metrics). */
  get counts(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(render: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queueLength)
        throw new HttpError(503, "ERROR_SERVER_BUSY", { retryAfterSeconds: 1 });
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await render();
    } finally {
      // The slot passes straight to the next in line, so a newcomer cannot overtake the queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
