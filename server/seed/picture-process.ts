import { fork, type ChildProcess } from "node:child_process";
import type { RenderedPicture } from "./render-jpeg.ts";
import { childEnvironment } from "../work/child-environment.ts";

/**
 * How long the drawing may take before the start gives up: the demo's 91 pictures took 3.1 s on
 * the shared 2-core machine under a load average of 10. A drawing process that hangs would
 * otherwise keep the instance from listening, with nothing logged and nothing for systemd's
 * Restart=on-failure to act on; past the deadline the start fails with a clear message instead.
 */
const DEADLINE_MS = 120_000;

const CHILD = new URL("./picture-process-child.ts", import.meta.url);

/** The signals that stop the server (systemd, a terminal): the child must not outlive them. */
const STOP_SIGNALS = ["SIGTERM", "SIGINT"] as const;

export interface PictureProcessOptions {
  /** Milliseconds before the drawing process is killed and the drawing fails. */
  deadlineMs?: number;
  /** The child's module: the drawing by default (tests give one that hangs). */
  module?: URL;
}

/**
 * Renders the demo pictures (SVG → JPEG) in a short-lived child process and returns them in order.
 * librsvg, cairo, pango and libvips draw a hundred 1200-pixel pictures in libvips' threads, and glibc
 * keeps what those threads allocated in their malloc arenas after it is freed: a server that seeded
 * itself held about 150 MB more for its whole life than the same server restarted (decision 34). The
 * child takes that memory with it when it exits; the promise settles once it has exited. The child
 * is killed at the deadline and when this process exits or is stopped by a signal (a stopped or
 * hung child would otherwise be left behind); one whose parent dies outright exits when its channel
 * closes (picture-process-child.ts).
 */
export function renderPicturesApart(
  svgs: readonly string[],
  { deadlineMs = DEADLINE_MS, module = CHILD }: PictureProcessOptions = {},
): Promise<RenderedPicture[]> {
  return new Promise((resolve, reject) => {
    let child: ChildProcess | undefined;
    let pictures: RenderedPicture[] | undefined;
    let failure: Error | undefined;
    const fail = (reason: string) => new Error(`The demo pictures could not be drawn: ${reason}`);
    const kill = () => child?.kill("SIGKILL");
    const timer = setTimeout(() => {
      if (!pictures) failure ??= fail(`the drawing process did not answer within ${deadlineMs / 1000} s`);
      kill();
    }, deadlineMs);
    function onSignal(signal: NodeJS.Signals) {
      kill();
      stopWatching();
      // Listening replaced the signal's default action: with no other listener, end as it would have.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    }
    function stopWatching() {
      clearTimeout(timer);
      process.off("exit", kill);
      for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
    }
    const settle = () => {
      stopWatching();
      if (pictures && !failure) resolve(pictures);
      else reject(failure ?? fail("the drawing process ended without an answer"));
    };
    // Watched before the child exists: a signal that arrives while fork() runs is handled after it
    // returns, with the child to kill.
    process.once("exit", kill);
    for (const signal of STOP_SIGNALS) process.once(signal, onSignal);

    try {
      child = fork(module, {
        // Plain Node (type stripping): none of the parent's flags, neither its command line's (a test
        // runner's loader) nor NODE_OPTIONS' (the memory bench's probe, which would report the child).
        execArgv: [],
        env: childEnvironment(process.env),
        serialization: "advanced",
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
    } catch (error) {
      stopWatching();
      throw error;
    }
    const started = child;
    started.once("message", (reply: { pictures: RenderedPicture[] } | { error: string }) => {
      // Buffers arrive as plain Uint8Arrays; the database drivers bind only Buffers as blobs.
      if ("pictures" in reply)
        pictures = reply.pictures.map((picture) => ({
          ...picture,
          bytes: Buffer.from(picture.bytes.buffer, picture.bytes.byteOffset, picture.bytes.byteLength),
        }));
      else failure ??= fail(reply.error);
    });
    started.once("exit", (code, signal) => {
      if (!pictures) failure ??= fail(`the drawing process ended (${signal ?? `exit code ${code}`})`);
      settle();
    });
    started.once("error", (error) => {
      failure ??= fail(error.message);
      kill();
      // A process that never started sends no 'exit'.
      if (started.pid === undefined) settle();
    });
    started.send(svgs);
  });
}
