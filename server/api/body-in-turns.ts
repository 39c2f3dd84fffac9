import type { MiddlewareHandler } from "hono";

/**
 * A call carrying pictures has a body of up to tens of megabytes of base64. Joining it, decoding its
 * UTF-8, parsing its JSON and checking its base64 alphabet (the schema) cost the event loop 30-60 ms
 * per picture, and when several uploads finished arriving together their chains ran back to back,
 * so /healthz and every page waited 100-200 ms. Here each heavy step runs in a turn of the event
 * loop of its own, one body's step per turn, with the other requests' I/O answered in between
 * (docs/decisions/035-large-uploads-and-the-event-loop-one-picture-at.md):
 * 1. the bytes are joined where they finish arriving (an I/O callback);
 * 2. in a later turn, decoded to text (TextDecoder, as the Fetch API's text(): a leading byte-order
 *    mark dropped, bad bytes as U+FFFD), kept where Hono's validator reads it;
 * 3. in a later turn, the route's validator parses the JSON and runs the schema, as for any call.
 * The rules and replies stay the route's own (413 while reading; 415 and 400 in the validator):
 * only the time each step runs is chosen here.
 */
export const bodyInTurns: MiddlewareHandler = async (c, next) => {
  const bytes = await c.req.arrayBuffer();
  await nextTurn();
  // Hono keeps each kind of read of the body as a promise (its BodyCache type names the values);
  // the validator's json() parses the kept "text".
  (c.req.bodyCache as unknown as { text?: Promise<string> }).text = Promise.resolve(new TextDecoder().decode(bytes));
  await nextTurn();
  return next();
};

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
