import { fork, type ChildProcess } from "node:child_process";
import { childEnvironment } from "./child-environment.ts";
import type { ChildReply, JobMessage } from "./work-messages.ts";

/**
 * Heavy work off the server's thread (decision 067): jobs run in child processes, each with a cap on
 * its JavaScript heap, a time limit past which its child is killed, and a queue of bounded length
 * past which a job is refused at once. A child is started by the first job that needs it, ends when
 * it has had nothing to do for a while (decision 050: memory at rest), and one that crashed, ran out
 * of memory or was killed is replaced by the next job. So one job can fail on its own, and the server
 * (its event loop, its heap) never carries it.
 */

/** A job: the function `name` exported by `module`, run in a child with one structured-cloneable input. */
export interface WorkJob<Input, Output> {
  readonly module: string;
  readonly name: string;
  /** Never set: carries the input and output types. */
  readonly types?: (input: Input) => Output;
}

type JobFunction = (input: never) => unknown;

/**
 * The job `name` of `module`, typed by the module's own export (`import type * as M`): the module is
 * loaded by the child, never by the caller.
 */
export function workJob<Module extends Record<Name, JobFunction>, Name extends string>(
  module: URL,
  name: Name,
): WorkJob<Parameters<Module[Name]>[0], Awaited<ReturnType<Module[Name]>>> {
  return { module: module.href, name };
}

/**
 * Why a job was not done: `busy` the queue was full (refused at once), `overdue` past its time limit
 * (its child killed), `stopped` its child ended under it (a crash, out of memory, the pool closed),
 * `failed` the job threw.
 */
export type WorkFailure = "busy" | "overdue" | "stopped" | "failed";

export class WorkNotDone extends Error {
  readonly reason: WorkFailure;
  constructor(pool: string, reason: WorkFailure, detail: string) {
    super(`${pool}: ${detail}`);
    this.name = "WorkNotDone";
    this.reason = reason;
  }
}

export interface WorkPoolOptions {
  /** What the pool does, in its errors ("spec sheets"). */
  name: string;
  /** Children at once, each running one job at a time. */
  children: number;
  /** The cap on a child's JavaScript heap (V8's old generation), in MB: past it the child dies. */
  heapMb: number;
  /** A job's time from its hand-over to a started child; past it the child is killed. */
  timeLimitMs: number;
  /** Jobs that may wait for a child; the next is refused (`busy`). */
  queueLength: number;
  /** A child with nothing to do for this long ends. */
  idleMs: number;
  /** Prefixes of the variables of the server's environment its children need beyond the runtime's (./child-environment.ts). */
  environment?: readonly string[];
  /** Modules a child loads before it takes jobs, so that their loading is not counted in a job's time. */
  preload?: readonly URL[];
}

export interface WorkPool {
  run<Input, Output>(job: WorkJob<Input, Output>, input: Input): Promise<Output>;
  /** Running and waiting jobs, and children alive (tests, benches, the Stare page). */
  readonly counts: { running: number; waiting: number; children: number };
  /**
   * Children that crashed since start: killed past their time, ended by a signal or an exit code
   * other than 0 (out of memory, a throw outside a job), or unable to start. A child let go when
   * idle, or killed by close(), is no crash.
   */
  readonly crashes: { total: number; since(at: number): number };
  /** The children's process ids (tests, benches: their memory, a child stopped mid-job). */
  readonly pids: number[];
  /** Lets the children with no job go now, their memory with them, rather than after `idleMs`. */
  letIdleGo(): void;
  /** Kills the children; their jobs and the waiting ones end `stopped`. */
  close(): void;
}

/** Crash times kept for `crashes.since` (a day's worth; a pool crashing more often keeps its last ones). */
const CRASH_TIMES_KEPT = 1000;

/** What the monitoring reads of a pool (the Stare page, /metrics, the alerts). */
export type WorkPoolReading = Pick<WorkPool, "counts" | "crashes">;

/** How long a child may take to start and load its modules before it is given up. */
const START_LIMIT_MS = 30_000;

const CHILD = new URL("./work-child.ts", import.meta.url);

/** Every live child of every pool: killed when this process exits, so none is left behind. */
const live = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});

interface Waiting {
  job: Pick<WorkJob<never, unknown>, "module" | "name">;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: WorkNotDone) => void;
}

interface Child {
  process: ChildProcess;
  ready: Promise<void>;
  running?: { id: number; waiting: Waiting; timer?: NodeJS.Timeout };
  idleTimer?: NodeJS.Timeout;
}

export function workPool(options: WorkPoolOptions): WorkPool {
  const children: Child[] = [];
  const queue: Waiting[] = [];
  let nextId = 0;
  let closed = false;
  let crashTotal = 0;
  const crashTimes: number[] = [];
  const crashed = () => {
    if (closed) return;
    crashTotal += 1;
    crashTimes.push(Date.now());
    if (crashTimes.length > CRASH_TIMES_KEPT) crashTimes.shift();
  };
  const notDone = (reason: WorkFailure, detail: string) => new WorkNotDone(options.name, reason, detail);

  function start(): Child {
    const started = fork(
      CHILD,
      (options.preload ?? []).map((module) => module.href),
      {
        // Plain Node with the cap: none of the parent's flags, neither its command line's (a test
        // runner's loader) nor NODE_OPTIONS' (a bench's probe), as the seed's child (decision 034).
        // --expose-gc: a child collects its heap after each job (./work-child.ts).
        execArgv: [`--max-old-space-size=${options.heapMb}`, "--max-semi-space-size=4", "--expose-gc"],
        // No secret of the server's reaches a child (./child-environment.ts), NODE_OPTIONS neither.
        env: childEnvironment(process.env, options.environment),
        serialization: "advanced",
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      },
    );
    live.add(started);
    const child: Child = {
      process: started,
      ready: new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          started.kill("SIGKILL");
          reject(notDone("stopped", `a child did not start within ${START_LIMIT_MS / 1000} s`));
        }, START_LIMIT_MS);
        started.once("message", () => {
          clearTimeout(timer);
          resolve();
        });
        started.once("exit", (code, signal) => {
          clearTimeout(timer);
          reject(notDone("stopped", `a child ended while starting (${signal ?? `exit code ${code}`})`));
        });
      }),
    };
    // Settled by the job that waits for it; a start that failed with none waiting is not an error.
    child.ready.catch(() => {});
    started.on("message", (reply: ChildReply) => {
      const running = child.running;
      if (!("id" in reply) || running?.id !== reply.id) return;
      clearTimeout(running.timer);
      child.running = undefined;
      if ("error" in reply) running.waiting.reject(notDone("failed", reply.error));
      else running.waiting.resolve(reply.value);
      next();
    });
    started.once("exit", (code, signal) => {
      live.delete(started);
      if (signal !== null || code !== 0) crashed();
      retire(child);
      const running = child.running;
      if (running) {
        clearTimeout(running.timer);
        running.waiting.reject(notDone("stopped", `its child ended under it (${signal ?? `exit code ${code}`})`));
      }
      next();
    });
    // A failed fork, or a message to a child that has just died, sends 'error' (a failed fork no
    // 'exit'): the child is ended, and its 'exit' settles its job. Never left unheard, which would throw.
    started.on("error", (error) => {
      retire(child);
      if (started.pid !== undefined) {
        started.kill("SIGKILL");
        return;
      }
      crashed();
      const running = child.running;
      child.running = undefined;
      running?.waiting.reject(notDone("stopped", `a child could not start: ${error.message}`));
      next();
    });
    children.push(child);
    return child;
  }

  /** Takes a child out of the pool: no job is given to it any more. */
  function retire(child: Child): void {
    clearTimeout(child.idleTimer);
    const at = children.indexOf(child);
    if (at >= 0) children.splice(at, 1);
  }

  /** Holds the process open while `child` works, not while it waits for work. */
  function hold(child: Child, working: boolean): void {
    if (working) {
      child.process.ref();
      child.process.channel?.ref();
    } else {
      child.process.unref();
      child.process.channel?.unref();
    }
  }

  function dispatch(child: Child, waiting: Waiting): void {
    clearTimeout(child.idleTimer);
    const id = nextId++;
    // Taken before the start is awaited, so that next() does not give this child another job.
    child.running = { id, waiting };
    hold(child, true);
    child.ready.then(
      () => {
        if (child.running?.id !== id) return;
        child.running.timer = setTimeout(() => {
          waiting.reject(notDone("overdue", `a job ran past its ${options.timeLimitMs} ms and was stopped`));
          // Its reply, if one comes before the kill, is for no one; a new child takes the next job.
          child.running = undefined;
          retire(child);
          child.process.kill("SIGKILL");
          next();
        }, options.timeLimitMs);
        const message: JobMessage = { id, module: waiting.job.module, name: waiting.job.name, input: waiting.input };
        child.process.send(message);
      },
      (error: WorkNotDone) => {
        if (child.running?.id !== id) return;
        child.running = undefined;
        waiting.reject(error);
      },
    );
  }

  /** Hands waiting jobs to idle children, starts children while there are fewer than allowed. */
  function next(): void {
    if (closed) return;
    for (const child of children) {
      if (child.running) continue;
      const waiting = queue.shift();
      if (waiting) dispatch(child, waiting);
      else idle(child);
    }
    while (queue.length > 0 && children.length < options.children) {
      const waiting = queue.shift();
      if (waiting) dispatch(start(), waiting);
    }
  }

  function idle(child: Child): void {
    hold(child, false);
    clearTimeout(child.idleTimer);
    child.idleTimer = setTimeout(() => letGo(child), options.idleMs).unref();
  }

  /** The child ends by itself when its channel closes (work-child.ts). */
  function letGo(child: Child): void {
    retire(child);
    if (child.process.connected) child.process.disconnect();
  }

  return {
    run<Input, Output>(job: WorkJob<Input, Output>, input: Input): Promise<Output> {
      if (closed) return Promise.reject(notDone("stopped", "the pool is closed"));
      const free = children.some((child) => !child.running) || children.length < options.children;
      if (!free && queue.length >= options.queueLength)
        return Promise.reject(notDone("busy", `${queue.length} jobs already wait`));
      return new Promise<Output>((resolve, reject) => {
        queue.push({ job, input, resolve: resolve as (value: unknown) => void, reject });
        next();
      });
    },
    get counts() {
      return {
        running: children.filter((child) => child.running).length,
        waiting: queue.length,
        children: children.length,
      };
    },
    crashes: {
      get total() {
        return crashTotal;
      },
      since: (at) => crashTimes.filter((time) => time >= at).length,
    },
    get pids() {
      return children.flatMap((child) => (child.process.pid === undefined ? [] : [child.process.pid]));
    },
    letIdleGo() {
      for (const child of children.filter((child) => !child.running && queue.length === 0)) letGo(child);
    },
    close() {
      closed = true;
      for (const waiting of queue.splice(0)) waiting.reject(notDone("stopped", "the pool was closed"));
      for (const child of [...children]) child.process.kill("SIGKILL");
    },
  };
}
