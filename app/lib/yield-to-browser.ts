/** The part of the Prioritized Task Scheduling API used here (Chromium 129+, Firefox 142+). */
interface TaskScheduler {
  yield(): Promise<void>;
}

/**
 * Resolves in a later task, letting the browser handle input and paint meanwhile: `scheduler.yield()`
 * where the browser has it (the continuation keeps its place ahead of other queued work), else a
 * message to ourselves (not a timer: timers are clamped, and the browser tests' clock fakes them).
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<TaskScheduler> }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
