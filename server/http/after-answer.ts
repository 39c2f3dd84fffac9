import type { ServerResponse } from "node:http";
import type { Context } from "hono";
import { releaseMemory } from "../core/collect-garbage.ts";

/**
 * Runs `task` a turn after the answer has been written (or its connection closed), when the request's
 * body and everything made of it are garbage; a turn after the handler outside a Node server (an
 * in-process request).
 */
export function afterAnswer(c: Context, task: () => void): void {
  const outgoing = outgoingOf(c);
  if (outgoing) outgoing.once("close", () => setImmediate(task));
  else setImmediate(task);
}

function outgoingOf(c: Context): ServerResponse | undefined {
  return (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
}

/** A download's size from which, once it has left, the server gives its memory back. */
export const LARGE_ANSWER_BYTES = 16 * 1024 * 1024;

/**
 * `body`, a streamed download (an export), as it is sent; once it has left, when it was large, the
 * server's memory given back (releaseMemory). Its chunks, written as the download took them, are
 * garbage by then, but V8 left them resident until the server was idle for some seconds: the
 * Jurnal's CSV of 100 000 entries (72 MB) kept it 140 MB larger, beside whatever came next
 * (decision 095). Counted before compression: the chunks are what the server held.
 */
export function releasingMemoryWhenLarge(c: Context, body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  let bytes = 0;
  const counted = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        bytes += chunk.byteLength;
        controller.enqueue(chunk);
      },
    }),
  );
  afterAnswer(c, () => {
    if (bytes >= LARGE_ANSWER_BYTES) releaseMemory();
  });
  return counted;
}
