import { workJob, workPool, type WorkJob } from "../work/work-pool.ts";
import type * as PictureJobs from "./picture-jobs.ts";
import { PICTURE_TURN_DEADLINE_MS, pictureWork } from "./picture-work.ts";

/**
 * The pictures' encodings in a child process of the work pool (decision 067), each inside its turn
 * of the picture queue (./picture-work.ts: one picture at a time on two cores, decision 035). The
 * child is killed a second before the turn's deadline (decision 065), so a deadlocked libvips ends
 * with its child and gives back both its turn and its thread; the next picture starts a new child.
 * Its heap is small (the pixels are buffers outside it); it is let go after 30 idle seconds.
 */
/** Exported for tests and benches (its children's memory); the server's code goes through pictureJob. */
export const picturePool = workPool({
  name: "pictures",
  children: pictureWork.concurrency,
  heapMb: 96,
  timeLimitMs: PICTURE_TURN_DEADLINE_MS - 1000,
  // The picture queue is in front: at most its concurrency is ever handed over at once.
  queueLength: pictureWork.concurrency,
  idleMs: 30_000,
});

const JOBS = new URL("./picture-jobs.ts", import.meta.url);
export const ENCODE_VARIANT = workJob<typeof PictureJobs, "encodeVariant">(JOBS, "encodeVariant");
export const DECODE_MASTER = workJob<typeof PictureJobs, "decodeMaster">(JOBS, "decodeMaster");

/** A picture job run in its turn, in the pictures' child. */
export function pictureJob<Input, Output>(job: WorkJob<Input, Output>, input: Input): Promise<Output> {
  return pictureWork(() => picturePool.run(job, input));
}

/**
 * A picture job whose input is read once its turn has come (a picture's original, from the
 * database), so that it is not held while the turn is waited for; undefined when there is none.
 */
export function pictureJobReading<Input, Output>(
  job: WorkJob<Input, Output>,
  read: () => Promise<Input | undefined>,
): Promise<Output | undefined> {
  return pictureWork(async () => {
    const input = await read();
    return input === undefined ? undefined : picturePool.run(job, input);
  });
}

/** A Uint8Array from a child as the Buffer the server's code works with, without a copy. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
