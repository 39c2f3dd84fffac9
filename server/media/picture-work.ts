import { availableParallelism } from "node:os";
import pLimit from "p-limit";
import type { SharpConstructor } from "sharp";
import { collectYoungGarbage } from "../core/collect-garbage.ts";

/**
 * Every decoding and encoding of a picture waits its turn here: uploads (./ingest.ts) and responsive
 * variants (./variants.ts, on request and in the background). A 40-megapixel picture keeps a core
 * busy for a second or more (libvips' threads, or the BMP worker), and six at once took both cores
 * of a small machine, so that the event loop itself waited for the CPU and /healthz answered in
 * hundreds of milliseconds (docs/decisions/035-large-uploads-and-the-event-loop-one-picture-at.md). One core is
 * left to the event loop: on two cores one picture at a time with one libvips thread; never more
 * than two pictures at once, as sharp's work also runs on libuv's pool of four threads, which
 * serves every file read. An upload of six pictures is answered later (they are made one after the
 * other) while the site keeps answering. Variants made in the background queue one job at a time,
 * so an upload never waits behind more than one of them.
 */
const CORES_FOR_PICTURES = Math.max(1, availableParallelism() - 1);

/**
 * How long a picture's turn may last. A turn is one decoding or encoding; ten encodings of a 40 MP
 * PNG, each decoding the whole original, took 5.1 s of CPU in all on a 2-core machine (decision 039).
 * A turn of a minute is a stuck libvips, not a slow picture (decision 065).
 */
export const PICTURE_TURN_DEADLINE_MS = 60_000;

/** A picture's turn that outlived its deadline: its work is abandoned and the turn given back. */
export class PictureTurnOverdue extends Error {
  constructor(deadlineMs: number) {
    super(
      `a picture's decoding or encoding ran past its ${deadlineMs / 1000} s deadline and was abandoned; the next picture goes on`,
    );
    this.name = "PictureTurnOverdue";
  }
}

/** Runs a picture job in its turn; the queue's counts are for tests and the BMP pool's size. */
export interface PictureQueue {
  <T>(job: () => Promise<T>): Promise<T>;
  readonly concurrency: number;
  readonly activeCount: number;
  readonly pendingCount: number;
}

/**
 * A queue of `concurrency` turns at once, each ending at its job's end or at `deadlineMs`, whichever
 * comes first. libvips has been seen to deadlock inside an encoding (a pipeline waiting on workers
 * that wait for work, lovell/sharp#4486): the promise never settles, and without a deadline that
 * one picture held its turn, so every later picture of the process waited behind it for ever. Past
 * the deadline the caller gets PictureTurnOverdue (a variant's request a 500, logged; a background
 * variant is made again on its first request) and the next job starts. The stuck job itself cannot
 * be stopped from here: it keeps its libuv thread, which decision 065 weighs.
 */
export function pictureQueue(concurrency: number, deadlineMs: number): PictureQueue {
  const limit = pLimit(concurrency);
  const run = <T>(job: () => Promise<T>): Promise<T> => limit(() => withinDeadline(job, deadlineMs));
  return Object.defineProperties(run, {
    concurrency: { get: () => limit.concurrency },
    activeCount: { get: () => limit.activeCount },
    pendingCount: { get: () => limit.pendingCount },
  }) as PictureQueue;
}

function withinDeadline<T>(job: () => Promise<T>, deadlineMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // Unreferenced: a process with nothing else to do does not stay up for a stuck picture's deadline.
    const timer = setTimeout(() => reject(new PictureTurnOverdue(deadlineMs)), deadlineMs).unref();
    (async () => job())()
      .then(resolve, reject)
      .finally(() => {
        clearTimeout(timer);
        // What the turn let go of, megabytes of it (a picture read or decoded for it, and its copy
        // sent to the pictures' child: a master's pixels again for each of its ten variants), freed
        // as it ends rather than piling up until V8 next collects (decision 095).
        collectYoungGarbage();
      });
  });
}

export const pictureWork = pictureQueue(Math.min(2, CORES_FOR_PICTURES), PICTURE_TURN_DEADLINE_MS);

let loading: Promise<SharpConstructor> | undefined;

/**
 * sharp, loaded by the first picture the process works on: libvips and its libraries are about
 * 20 MB resident, which a server that only serves pages and variants already on disk never needs
 * (decision 50). Set once for the process: libvips' threads per picture (its default: one per
 * core), and no operation cache: each picture is decoded for a few encodings that are then kept on
 * disk, so the cache (up to 50 MB and 100 operations by default) would hold only what is never
 * asked again.
 */
export function loadSharp(): Promise<SharpConstructor> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.concurrency(Math.max(1, Math.floor(CORES_FOR_PICTURES / pictureWork.concurrency)));
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
