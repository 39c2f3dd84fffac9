import {
  SPECIFICATION_NAME_MAX_LENGTH,
  SPECIFICATION_OPTIONS_MAX,
  SPECIFICATIONS_MAX,
} from "../../common/specifications/specification-schema.ts";
import type { JsonBounds } from "../http/json-body-bounds.ts";

/** The sizes of the API's bodies; the limit itself is server/http/body-limit.ts's, one for every route. */

/** Room for the text fields of a call around its pictures (rich text escaped in JSON at worst). */
const TEXT_ROOM = 4 * 1024 * 1024;

/** Calls that carry only a few short fields. */
export const SMALL_BODY_LIMIT = 64 * 1024;

/** A picture of `pictureBytes` in base64. */
const base64Length = (pictureBytes: number) => Math.ceil(pictureBytes / 3) * 4;

/** The largest body of a call carrying `count` pictures of at most `pictureBytes` each, in base64. */
export function picturesBodyLimit(count: number, pictureBytes: number): number {
  return count * base64Length(pictureBytes) + TEXT_ROOM;
}

/**
 * The shape of a picture call's JSON: no string longer than its largest picture in base64 (a rich
 * text, escaped at worst, is far shorter), and a small call's bytes for all the rest
 * (server/http/json-body-bounds.ts).
 */
export function picturesJsonBounds(pictureBytes: number): JsonBounds {
  return { longestString: base64Length(pictureBytes), outsideStrings: SMALL_BODY_LIMIT };
}

/**
 * A category's call: its name and the largest specification list (30 definitions of 20 options), each
 * name and its English at 4 bytes a character at worst (UTF-8), with room for an id and the fields.
 */
const NAMED_ITEM_BYTES = 2 * SPECIFICATION_NAME_MAX_LENGTH * 4 + 256;
export const CATEGORY_BODY_LIMIT =
  SMALL_BODY_LIMIT + SPECIFICATIONS_MAX * (1 + SPECIFICATION_OPTIONS_MAX) * NAMED_ITEM_BYTES;
