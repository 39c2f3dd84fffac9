import type { MiddlewareHandler } from "hono";
import { collectGarbage, collectYoungGarbage, releaseMemory } from "../core/collect-garbage.ts";
import { HttpError } from "../core/errors.ts";
import { afterAnswer } from "../http/after-answer.ts";
import { bodyGate } from "../http/body-gate.ts";
import { gatherLeftWork, runLeftWork, type LeftWork } from "../http/body-turn-holds.ts";
import { JsonBoundsScanner, type JsonBounds } from "../http/json-body-bounds.ts";
import { JsonLongStrings } from "../http/json-long-strings.ts";

/** A JSON media type, as Hono's validator reads one. */
const JSON_TYPE = /^application\/([a-z-.]+\+)?json(;|$)/i;

/**
 * The picture calls' bodies read at once on this instance (server/http/body-gate.ts): 80 MB, one
 * banner upload of 68 MB or a few product pictures together. A 68 MB body costs about 150 MB of
 * memory while it is parsed and its pictures decoded, and four at once took an instance from 309 to
 * 904 MB (decision 090); a body past the first waits up to 10 s, four at most, then 503.
 */
export const pictureBodies = bodyGate({
  bytesAtOnce: 80 * 1024 * 1024,
  smallBytes: 1024 * 1024,
  waitMs: 10_000,
  queueLength: 4,
  retryAfterSeconds: 5,
});

/**
 * How long a body's turn is kept after its answer for the work it left behind (its pictures'
 * variants, server/http/body-turn-holds.ts): five banners of 9 MB take about 15 s on two cores.
 * Past it the turn is given back all the same (a stuck encoding is not every later upload's wait).
 */
export const HOLD_AFTER_ANSWER_MS = 60_000;

/**
 * A call carrying pictures has a body of up to tens of megabytes of base64. Joining it, decoding its
 * UTF-8, parsing its JSON and checking its base64 alphabet (the schema) cost the event loop 30-60 ms
 * per picture, and when several uploads finished arriving together their chains ran back to back,
 * so /healthz and every page waited 100-200 ms. Here each heavy step runs in a turn of the event
 * loop of its own, with the other requests' I/O answered in between
 * (docs/decisions/035-large-uploads-and-the-event-loop-one-picture-at.md):
 * 1. the body is parsed as it arrives (server/http/json-long-strings.ts): each picture's base64 is
 *    parsed where its last bytes arrive (an I/O callback) and its bytes let go, so the body's whole
 *    bytes and text are never held beside its JSON (decision 095); its JSON's shape is checked as it
 *    comes (`bounds`, server/http/json-body-bounds.ts): a string longer than the call's largest
 *    picture (413 ERROR_IMAGE_TOO_LARGE, as once decoded), or a body that is not the few fields
 *    around strings it takes (413 ERROR_PAYLOAD_TOO_LARGE), is refused there, not once the call's
 *    whole limit has been read (decision 069);
 * 2. in a later turn, the few fields around the pictures are parsed, the value given to the
 *    route's validator (a body that is not JSON as the failure the validator turns into its 400);
 * 3. in a later turn, the route's validator runs the schema, as for any call.
 * A body that is not declared JSON is left to the validator (415). The rules and replies stay the
 * route's own (413 while reading; 415 and 400 in the validator): only the time each step runs is
 * chosen here.
 */
export function bodyInTurns(bounds: JsonBounds): MiddlewareHandler {
  return async (c, next) => {
    if (!JSON_TYPE.test(c.req.header("Content-Type") ?? "")) return next();
    // Held until the call has answered (its JSON and its pictures' bytes live until then) and the
    // work it left behind has ended (its pictures' variants, made from the database).
    const release = await pictureBodies.enter(c.req.header("Content-Length"));
    const large = pictureBodies.weighs(c.req.header("Content-Length"));
    // The garbage of what came before out of the way of this body (one full collection, a few
    // milliseconds with the strings gone).
    if (large) collectGarbage();
    const left: LeftWork[] = [];
    try {
      const read = await jsonInTurns(c.req.raw.body, bounds);
      // The body's chunks and the text of its strings, garbage now, out of the way of its pictures' decoding.
      if (large) collectGarbage();
      // The validator reads the body by this request's json(). Hono's own json() parses its kept text
      // (and a kept value would be stringified back into text to be parsed again, megabytes of
      // each), so this request's answers the value parsed here. A failure is marked handled: it is
      // the validator's to read, as its 400.
      const parsed = "value" in read ? Promise.resolve(read.value) : Promise.reject(read.malformed);
      parsed.catch(() => undefined);
      Object.defineProperty(c.req, "json", { value: () => parsed, configurable: true });
      await nextTurn();
      await gatherLeftWork(left, next);
    } finally {
      // Once the answer has left: the memory of this body given back (its strings, its pictures'
      // bytes, the heap grown for them), then the work it left behind (its pictures' variants, made
      // from the database) started; the turn is given back once that work has ended.
      afterAnswer(c, () => {
        if (large) releaseMemory();
        void runLeftWork(left, HOLD_AFTER_ANSWER_MS).then(release);
      });
    }
  };
}

/** The long strings' raw bytes let go between two young collections while a body is read. */
const YOUNG_COLLECTION_BYTES = 8 * 1024 * 1024;

/**
 * The body's JSON, its long strings parsed as they arrive and the rest a turn after the body has
 * ended, or why it is not JSON; thrown (413) as soon as it passes `bounds`.
 * What is left unread after a 413 is the server's to discard.
 */
async function jsonInTurns(
  body: ReadableStream<Uint8Array> | null,
  bounds: JsonBounds,
): Promise<{ value: unknown } | { malformed: unknown }> {
  const json = new JsonLongStrings();
  let collectedAt = 0;
  let malformed: { malformed: unknown } | null = null;
  if (body) {
    const scanner = new JsonBoundsScanner(bounds);
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const passed = scanner.scan(value);
      // A string this long can only be a picture over its size; past the rest, the body is not the call's JSON.
      if (passed) throw new HttpError(413, passed === "string" ? "ERROR_IMAGE_TOO_LARGE" : "ERROR_PAYLOAD_TOO_LARGE");
      // Once malformed, the body is still read to its end: a 413 while reading comes before the 400.
      if (malformed) continue;
      try {
        json.push(value);
        // A picture's raw bytes (the chunks it came in, joined once) are garbage once its string is
        // made: freed every few megabytes of them, not left to pile up beside the next pictures'
        // (decision 095), nor a collection for each of a thousand short "long" strings.
        if (json.longStringBytes - collectedAt >= YOUNG_COLLECTION_BYTES) {
          collectedAt = json.longStringBytes;
          collectYoungGarbage();
        }
      } catch (error) {
        malformed = { malformed: error };
      }
    }
  }
  if (malformed) return malformed;
  await nextTurn();
  try {
    return { value: json.value() };
  } catch (error) {
    return { malformed: error };
  }
}

/** Whoever waits for a turn, first come first served; one is let go per turn of the event loop. */
const waiting: (() => void)[] = [];

function letOneGo(): void {
  waiting.shift()?.();
  // Scheduled from the check phase, the next one runs in the next turn, after its I/O (poll) phase.
  if (waiting.length > 0) setImmediate(letOneGo);
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (waiting.length === 1) setImmediate(letOneGo);
  });
}
