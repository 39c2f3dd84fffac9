import { parentPort } from "node:worker_threads";
import { decodeBmp } from "./bmp.ts";

/** Runs in a worker thread (server/media/bmp-pool.ts): decodes one BMP per message, off the event loop. */
interface Job {
  id: number;
  bytes: Uint8Array;
  pixelLimit: number;
}

parentPort?.on("message", ({ id, bytes, pixelLimit }: Job) => {
  const result = decodeBmp(bytes, pixelLimit);
  // The decoded pixels are handed over, not copied: they can be a 160 MB buffer.
  const transfer = result.ok ? [result.pixels.data.buffer as ArrayBuffer] : [];
  parentPort?.postMessage({ id, result }, transfer);
});
