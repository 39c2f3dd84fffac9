import { Worker } from "node:worker_threads";
import type { BmpResult } from "./bmp.ts";
import { pictureWork } from "./picture-work.ts";

/**
 * BMP decoding is plain JavaScript (server/media/bmp.ts) and a 40-megapixel picture takes a good
 * part of a second: on the event loop it would stall every other request (the health check
 * included). It runs in worker threads instead, a few at most, started on first use and never
 * holding the process open. (The other formats are decoded by sharp, in libvips' own threads.)
 * A worker ends as soon as it has nothing left to decode: each is a JavaScript engine of its own,
 * 10 MB and more kept for nothing between two BMP uploads, which are rare (decision 50).
 */

interface Pending {
  resolve: (result: BmpResult) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  pending: Map<number, Pending>;
}

/** As many as pictures are made at once (./picture-work.ts). */
const SIZE = pictureWork.concurrency;
const workers: PoolWorker[] = [];
let nextId = 0;

function startWorker(): PoolWorker {
  const entry: PoolWorker = { worker: new Worker(new URL("./bmp-worker.ts", import.meta.url)), pending: new Map() };
  entry.worker.unref();
  entry.worker.on("message", ({ id, result }: { id: number; result: BmpResult }) => {
    const job = entry.pending.get(id);
    entry.pending.delete(id);
    if (result.ok)
      result.pixels.data = Buffer.from(
        result.pixels.data.buffer,
        result.pixels.data.byteOffset,
        result.pixels.data.byteLength,
      );
    job?.resolve(result);
    if (entry.pending.size === 0) {
      retire(entry);
      void entry.worker.terminate();
    }
  });
  const fail = (error: Error) => {
    for (const job of entry.pending.values()) job.reject(error);
    entry.pending.clear();
    retire(entry);
  };
  entry.worker.on("error", fail);
  entry.worker.on("exit", (code) => fail(new Error(`BMP worker stopped (exit code ${code})`)));
  workers.push(entry);
  return entry;
}

/** Takes a worker out of the pool (once: it may end by itself after being retired). */
function retire(entry: PoolWorker): void {
  const index = workers.indexOf(entry);
  if (index >= 0) workers.splice(index, 1);
}

/** The least busy worker; a new one while the pool is not full. */
function pick(): PoolWorker {
  const idle = workers.find((entry) => entry.pending.size === 0);
  if (idle) return idle;
  if (workers.length < SIZE) return startWorker();
  return workers.reduce((least, entry) => (entry.pending.size < least.pending.size ? entry : least));
}

/** decodeBmp in a worker thread; the same result. */
export function decodeBmpOffThread(bytes: Uint8Array, pixelLimit: number): Promise<BmpResult> {
  const entry = pick();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    entry.pending.set(id, { resolve, reject });
    entry.worker.postMessage({ id, bytes, pixelLimit });
  });
}
