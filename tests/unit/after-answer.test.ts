import { EventEmitter } from "node:events";
import type { Context } from "hono";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * server/http/after-answer.ts's releasingMemoryWhenLarge: a streamed download passes through as it
 * is, and once its answer has closed, the server's memory is given back when it was large.
 */
describe("releasingMemoryWhenLarge", () => {
  const gc = vi.fn();

  beforeEach(() => {
    vi.stubGlobal("gc", gc);
    gc.mockClear();
    // releaseMemory's spacing is its module's own state: fresh modules for each test.
    vi.resetModules();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** Sends `chunks` of `size` bytes through the wrapper as a Node answer would; what arrived, then whether gc ran. */
  async function download(chunks: number, size: number): Promise<{ received: number; collected: boolean }> {
    const { releasingMemoryWhenLarge } = await import("../../server/http/after-answer.ts");
    const outgoing = new EventEmitter();
    const context = { env: { outgoing } } as unknown as Context;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ === chunks) controller.close();
        else controller.enqueue(new Uint8Array(size).fill(sent));
      },
    });
    let received = 0;
    for await (const chunk of releasingMemoryWhenLarge(context, body)) received += chunk.byteLength;
    expect(gc).not.toHaveBeenCalled();
    outgoing.emit("close");
    await new Promise((resolve) => setImmediate(resolve));
    return { received, collected: gc.mock.calls.length > 0 };
  }

  it("gives the memory back once a download of 16 MB or more has left", async () => {
    const { LARGE_ANSWER_BYTES } = await import("../../server/http/after-answer.ts");
    expect(await download(LARGE_ANSWER_BYTES / (1024 * 1024), 1024 * 1024)).toEqual({
      received: LARGE_ANSWER_BYTES,
      collected: true,
    });
  });

  it("leaves a smaller one to V8", async () => {
    expect(await download(15, 1024 * 1024)).toEqual({ received: 15 * 1024 * 1024, collected: false });
  });

  it("passes a failure of the download's source on to its reader", async () => {
    const { releasingMemoryWhenLarge } = await import("../../server/http/after-answer.ts");
    const context = { env: { outgoing: new EventEmitter() } } as unknown as Context;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error("a page failed mid-way"));
      },
    });
    const reader = releasingMemoryWhenLarge(context, body).getReader();
    await expect(reader.read()).rejects.toThrow("a page failed mid-way");
  });

  it("stops reading the source when the download is cancelled (the client went away)", async () => {
    const { releasingMemoryWhenLarge } = await import("../../server/http/after-answer.ts");
    const context = { env: { outgoing: new EventEmitter() } } as unknown as Context;
    const cancelled = vi.fn();
    const body = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(new Uint8Array(16)),
      cancel: cancelled,
    });
    const reader = releasingMemoryWhenLarge(context, body).getReader();
    await reader.read();
    await reader.cancel("gone");
    // The pipe hears of it after the cancellation has settled: waited for, not slept on.
    await vi.waitFor(() => expect(cancelled).toHaveBeenCalled());
  });
});
