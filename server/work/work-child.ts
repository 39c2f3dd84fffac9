import type { ChildReply, JobMessage } from "./work-messages.ts";

/**
 * A child of a work pool (./work-pool.ts): loads the modules named on its command line, says it is
 * ready, then runs one job per message and answers with its value or its error. It exits when its
 * channel closes: the pool let it go when idle, or the server died without killing it.
 * After each job its heap is collected: a job's input and value are mostly buffers outside its small
 * heap (a master's pixels in, a variant out), which V8 would otherwise leave for a collection that
 * its few objects seldom call for, while the child grew by each job's (decision 095).
 */
process.once("disconnect", () => process.exit());

const reply = (message: ChildReply) => process.send?.(message);

await Promise.all(process.argv.slice(2).map((module) => import(module)));
reply({ ready: true });

process.on("message", (message: JobMessage) => {
  void (async () => {
    try {
      const module = (await import(message.module)) as Record<string, (input: unknown) => unknown>;
      const job = module[message.name];
      if (typeof job !== "function") throw new Error(`${message.module} exports no job ${message.name}`);
      reply({ id: message.id, value: await job(message.input) });
    } catch (error) {
      reply({ id: message.id, error: error instanceof Error ? error.message : String(error) });
    }
    // Started with --expose-gc by its pool (./work-pool.ts); a turn later, once a large reply has
    // gone on its way.
    setImmediate(() => globalThis.gc?.());
  })();
});
