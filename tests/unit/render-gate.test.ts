import { describe, expect, it } from "vitest";
import { HttpError } from "../../server/core/errors.ts";
import { RenderGate } from "../../server/pages/render-gate.ts";

/** A render that ends when the test says so. */
function pending() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish };
}

describe("RenderGate", () => {
  it("runs at most `concurrency` renders at once, the others in arrival order, and refuses past its queue with 503", async () => {
    const gate = new RenderGate(2, 1);
    const started: number[] = [];
    const renders = [pending(), pending(), pending()];
    const runs = renders.map((render, index) =>
      gate.run(async () => {
        started.push(index);
        await render.done;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    const refused = await gate.run(() => Promise.resolve(9)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 503, code: "ERROR_SERVER_BUSY", retryAfterSeconds: 1 });
    renders[1].finish();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    renders[0].finish();
    renders[2].finish();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    // All slots free again.
    expect(await gate.run(() => Promise.resolve(7))).toBe(7);
  });

  it("frees the slot of a render that fails", async () => {
    const gate = new RenderGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await gate.run(() => Promise.resolve(1))).toBe(1);
  });
});
