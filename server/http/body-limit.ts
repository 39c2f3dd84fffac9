import { bodyLimit } from "hono/body-limit";
import { HttpError } from "../core/errors.ts";

/** Refuses a request body over `maxSize` bytes with 413 before it is parsed. */
export function limitBody(maxSize: number) {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new HttpError(413, "ERROR_PAYLOAD_TOO_LARGE");
    },
  });
}

/** Room for the text fields of a call around its pictures (rich text escaped in JSON at worst). */
const TEXT_ROOM = 4 * 1024 * 1024;

/** The largest body of a call carrying `count` pictures of at most `pictureBytes` each, in base64. */
export function picturesBodyLimit(count: number, pictureBytes: number): number {
  return count * Math.ceil(pictureBytes / 3) * 4 + TEXT_ROOM;
}

/** Calls that carry only a few short fields. */
export const SMALL_BODY_LIMIT = 64 * 1024;
