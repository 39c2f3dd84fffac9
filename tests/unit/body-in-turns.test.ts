import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HOLD_AFTER_ANSWER_MS, bodyInTurns, pictureBodies } from "../../server/api/body-in-turns.ts";
import { leaveToBodyTurn } from "../../server/http/body-turn-holds.ts";

/**
 * Bodies that finish arriving together are validated one per turn of the event loop: the turn each
 * handler runs in is read from a counter that a setImmediate chain moves on once per turn.
 */

let turn = 0;
let counting = false;
function countTurns(): void {
  turn += 1;
  if (counting) setImmediate(countTurns);
}
afterEach(() => {
  counting = false;
});

/** `handled` gets, in the order the handlers ran, the turn each ran in and the body's index. */
function appRecordingTurns(handled: { turn: number; index: number }[], inTurns: boolean) {
  const app = new Hono();
  if (inTurns) app.use(bodyInTurns({ longestString: 1024, outsideStrings: 1024 }));
  return app.post("/", async (c) => {
    const body = await c.req.json<{ index: number }>();
    handled.push({ turn, index: body.index });
    return c.json(body);
  });
}

const send = (app: Hono, index: number) =>
  app.request("/", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ index }),
  });

describe("bodyInTurns", () => {
  it("lets one body through per turn of the event loop, first come first served, bodies intact", async () => {
    const handled: { turn: number; index: number }[] = [];
    const app = appRecordingTurns(handled, true);
    counting = true;
    setImmediate(countTurns);
    const replies = await Promise.all([0, 1, 2, 3].map((index) => send(app, index)));
    expect(await Promise.all(replies.map((reply) => reply.json()))).toEqual([
      { index: 0 },
      { index: 1 },
      { index: 2 },
      { index: 3 },
    ]);
    expect(handled.map(({ index }) => index)).toEqual([0, 1, 2, 3]);
    expect(new Set(handled.map(({ turn }) => turn)).size).toBe(4);
  });

  it("without it, bodies that arrive together are handled in one turn (what it prevents)", async () => {
    const handled: { turn: number; index: number }[] = [];
    const app = appRecordingTurns(handled, false);
    counting = true;
    setImmediate(countTurns);
    await Promise.all([0, 1, 2, 3].map((index) => send(app, index)));
    expect(new Set(handled.map(({ turn }) => turn)).size).toBe(1);
  });

  it("gives the handler the body parsed once as it arrived, never parsed again from a text", async () => {
    const app = new Hono();
    app.use(bodyInTurns({ longestString: 200_000, outsideStrings: 1024 }));
    app.post("/", async (c) => {
      const [first, second] = [await c.req.json<object>(), await c.req.json<object>()];
      return c.json({ same: first === second, text: c.req.bodyCache.text === undefined ? "none" : "kept", first });
    });
    const picture = "QUJD".repeat(40_000);
    const reply = await app.request("/", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ banner: [{ mime_type: "image/png", image: picture }] }),
    });
    expect(await reply.json()).toEqual({
      same: true,
      text: "none",
      first: { banner: [{ mime_type: "image/png", image: picture }] },
    });
  });

  describe("a large body's turn", () => {
    afterEach(() => vi.useRealTimers());

    /** A handler that leaves `work` behind it, as an upload leaves its pictures' variants. */
    function appLeaving(work: () => Promise<unknown>) {
      const app = new Hono();
      app.use(bodyInTurns({ longestString: 1024, outsideStrings: 1024 }));
      return app.post("/", async (c) => {
        leaveToBodyTurn(work);
        return c.json(await c.req.json<object>());
      });
    }
    /** A body declared 70 MB (the gate weighs the declared length): one at a time. */
    const large = async (app: Hono) =>
      app.request("/", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Content-Length": String(70 * 1024 * 1024) },
        body: "{}",
      });

    it("is kept after the answer until the work the call left behind has ended", async () => {
      const variants = [Promise.withResolvers<undefined>(), Promise.withResolvers<undefined>()];
      let calls = 0;
      const app = appLeaving(() => variants[calls++]?.promise ?? Promise.resolve());
      expect((await large(app)).status).toBe(200);
      expect(pictureBodies.counts.bytes).toBeGreaterThan(0);
      let secondAnswered = false;
      const second = large(app).then((reply) => ((secondAnswered = true), reply));
      await vi.waitFor(() => expect(pictureBodies.counts.waiting).toBe(1));
      await new Promise((resolve) => setImmediate(resolve));
      expect(secondAnswered).toBe(false);
      variants[0]?.resolve(undefined);
      expect((await second).status).toBe(200);
      variants[1]?.resolve(undefined);
      await vi.waitFor(() => expect(pictureBodies.counts).toEqual({ bytes: 0, waiting: 0 }));
    });

    it("is given back past its bound when the work left behind never ends", async () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      const app = appLeaving(() => new Promise(() => undefined));
      expect((await large(app)).status).toBe(200);
      await vi.advanceTimersByTimeAsync(HOLD_AFTER_ANSWER_MS - 1);
      expect(pictureBodies.counts.bytes).toBeGreaterThan(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(pictureBodies.counts.bytes).toBe(0);
    });
  });
});
