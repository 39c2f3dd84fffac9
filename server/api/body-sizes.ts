/** The sizes of the API's bodies; the limit itself is server/http/body-limit.ts's, one for every route. */

/** Room for the text fields of a call around its pictures (rich text escaped in JSON at worst). */
const TEXT_ROOM = 4 * 1024 * 1024;

/** The largest body of a call carrying `count` pictures of at most `pictureBytes` each, in base64. */
export function picturesBodyLimit(count: number, pictureBytes: number): number {
  return count * Math.ceil(pictureBytes / 3) * 4 + TEXT_ROOM;
}

/** Calls that carry only a few short fields. */
export const SMALL_BODY_LIMIT = 64 * 1024;
