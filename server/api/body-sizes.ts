import {
  SPECIFICATION_NAME_MAX_LENGTH,
  SPECIFICATION_OPTIONS_MAX,
  SPECIFICATIONS_MAX,
} from "../../common/specifications/specification-schema.ts";

/** The sizes of the API's bodies; the limit itself is server/http/body-limit.ts's, one for every route. */

/** Room for the text fields of a call around its pictures (rich text escaped in JSON at worst). */
const TEXT_ROOM = 4 * 1024 * 1024;

/** The largest body of a call carrying `count` pictures of at most `pictureBytes` each, in base64. */
export function picturesBodyLimit(count: number, pictureBytes: number): number {
  return count * Math.ceil(pictureBytes / 3) * 4 + TEXT_ROOM;
}

/** Calls that carry only a few short fields. */
export const SMALL_BODY_LIMIT = 64 * 1024;

/**
 * A category's call: its name and the largest specification list (30 definitions of 20 options), each
 * name and its English at 4 bytes a character at worst (UTF-8), with room for an id and the fields.
 */
const NAMED_ITEM_BYTES = 2 * SPECIFICATION_NAME_MAX_LENGTH * 4 + 256;
export const CATEGORY_BODY_LIMIT =
  SMALL_BODY_LIMIT + SPECIFICATIONS_MAX * (1 + SPECIFICATION_OPTIONS_MAX) * NAMED_ITEM_BYTES;
