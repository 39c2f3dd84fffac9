import type { Context, MiddlewareHandler } from "hono";
import { HttpError } from "../core/errors.ts";

/**
 * How much of a request's body may be read: its route's limit (a default until the route says) and
 * whether it went over.
 */
interface Allowance {
  limit: number;
  over: boolean;
}

const allowances = new WeakMap<Context, Allowance>();

const tooLarge = () => new HttpError(413, "ERROR_PAYLOAD_TOO_LARGE");

/**
 * Every request's body, counted as it is read and never read ahead (decision 053): nothing reads a
 * body until a handler asks for it, so a call refused before that (no token, an unknown path, a
 * throttled address) reads nothing, and a body read past its route's limit stops there, with or
 * without Content-Length (a chunked one too), and the reply is 413 whatever the reader made of the
 * cut (a validator's 400, a page's error). What was not read is left to @hono/node-server, which
 * discards a bounded amount and then closes the connection. Until a route declares its limit
 * (limitBody), `defaultLimit` holds. Used once, by the app, in front of every route.
 */
export function limitBodies(defaultLimit: number): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const allowance: Allowance = { limit: defaultLimit, over: false };
    allowances.set(c, allowance);
    const reader = body.getReader();
    let size = 0;
    const counted = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          size += value.byteLength;
          if (size > allowance.limit) {
            allowance.over = true;
            return controller.error(tooLarge());
          }
          controller.enqueue(value);
        },
        cancel: (reason) => reader.cancel(reason),
      },
      // Pulled only when a reader asks: nothing is read ahead of the handler.
      { highWaterMark: 0 },
    );
    // A stream body needs `duplex` in Node's fetch, which the DOM's RequestInit type does not list.
    c.req.raw = new Request(c.req.raw, { body: counted, duplex: "half" } as RequestInit);
    await next();
    if (allowance.over) {
      // Set afresh (not merged): the reply of the cut read carries headers of its own body.
      c.res = undefined;
      c.res = Response.json(tooLarge().body(), { status: 413 });
    }
    // A body refused while it arrives is not read to its end: the connection is closed after the
    // reply, and says so, or a keep-alive client would send its next request on a socket about to close.
    if (c.res.status === 413) c.res.headers.set("Connection", "close");
  };
}

/**
 * A route's limit on its body, declared before anything reads it: a declared Content-Length over it
 * is refused at once, a body that grows past it is cut while it is read (limitBodies).
 */
export function limitBody(maxSize: number): MiddlewareHandler {
  return async (c, next) => {
    const allowance = allowances.get(c);
    if (!allowance) return next();
    allowance.limit = maxSize;
    if (Number(c.req.header("Content-Length") ?? 0) > maxSize) throw tooLarge();
    return next();
  };
}
