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

/**
 * The server's memory given back once a streamed download (an export) has left. Its chunks, written
 * as the download took them, are garbage by then, but V8 left them resident until the server was idle
 * for some seconds: the Jurnal's CSV of 100 000 entries (72 MB) kept it 140 MB larger, beside
 * whatever came next (decision 095).
 */
export function releaseMemoryOnceAnswered(c: Context): void {
  afterAnswer(c, releaseMemory);
}
