import type { MiddlewareHandler } from "hono";
import { limitBody } from "../http/body-limit.ts";
import { HttpError } from "../core/errors.ts";

/**
 * The bodies pages take. Only the /contact page's action reads one, a form of a few short fields,
 * but React Router answers every spelling of a page (`/contact/`, `/contact.data`, any method), so
 * every page request with a body is held to that form's limit (`maxBytes`, given where the app is
 * composed) before anything reads it (413), and a multipart body, an upload no page expects, is
 * refused unread (415).
 */
export function pageBodies(maxBytes: number): MiddlewareHandler {
  const limit = limitBody(maxBytes);
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    if (c.req.header("Content-Type")?.trim().toLowerCase().startsWith("multipart/"))
      throw new HttpError(415, "ERROR_UNSUPPORTED_MEDIA_TYPE");
    return limit(c, next);
  };
}
