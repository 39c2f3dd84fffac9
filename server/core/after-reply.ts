import type { Logger } from "./logger.ts";

/** Work a request starts and does not wait for, so that its reply does not depend on it. */
export interface AfterReply {
  /** Runs `task` after the current reply, without the caller waiting; a failure is logged with `what`. */
  run(what: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far has ended (the server waits for it before closing the database). */
  settled(): Promise<void>;
}

export function createAfterReply(logger: Logger): AfterReply {
  const running = new Set<Promise<void>>();
  return {
    run(what, task) {
      // Started on the next turn of the event loop, once the reply is written: SQLite queries run
      // synchronously, so a task started at once would do its work before the reply left.
      const done: Promise<void> = new Promise((resolve) => setImmediate(resolve))
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => logger.error({ err: error }, `${what} failed`),
        )
        .finally(() => running.delete(done));
      running.add(done);
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
