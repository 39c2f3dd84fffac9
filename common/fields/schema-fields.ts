import { z } from "../zod.ts";
import type { ErrorCode } from "../errors/error-codes.ts";
import {
  NAME_MAX_LENGTH,
  NAME_PATTERN,
  RICH_TEXT_MAX_LENGTH,
  hasHiddenCharacter,
  hasVisibleText,
  normalizeName,
} from "./field-rules.ts";

/**
 * The payloads of the catalogue write calls (spec §3, §7) with the rules of spec §5, one module per
 * entity so each admin form imports just its own. Every rule carries its error code as its message:
 * the admin forms show the code's text, the API returns the code in its 400 body. The server adds
 * only what needs the database (duplicates, unknown ids) and what needs the bytes (the picture's
 * real type and size). This module holds the field rules several of them share.
 */

/** Absent or null gives `required`; any other wrong JSON type (number, array, object) gives `invalid`. */
export function byInput(required: ErrorCode, invalid: ErrorCode) {
  return (issue: { input?: unknown }): ErrorCode =>
    issue.input === undefined || issue.input === null ? required : invalid;
}

/**
 * A category name or product model: no hidden characters as typed (a line separator is not a space),
 * spaces collapsed, then the Romanian alphanumeric pattern.
 */
export function nameField(required: ErrorCode, invalid: ErrorCode) {
  return z
    .string({ error: byInput(required, invalid) })
    .refine((name) => !hasHiddenCharacter(name), { error: invalid, abort: true })
    .overwrite(normalizeName)
    .min(1, { error: required, abort: true })
    .max(NAME_MAX_LENGTH, { error: invalid, abort: true })
    .regex(NAME_PATTERN, { error: invalid });
}

/** How the API documents an English field: additive to spec §7, kept when left out. */
export const ENGLISH_FIELD =
  "English, beside the Romanian field of the same name: empty means not translated; left out, an update keeps what is stored.";

/**
 * The English beside a name (optional): empty clears it ("not translated"), anything else follows the
 * Romanian name's rules, under its own code.
 */
export function englishNameField(invalid: ErrorCode) {
  return z
    .string({ error: invalid })
    .refine((name) => !hasHiddenCharacter(name), { error: invalid, abort: true })
    .overwrite(normalizeName)
    .max(NAME_MAX_LENGTH, { error: invalid, abort: true })
    .refine((name) => name === "" || NAME_PATTERN.test(name), { error: invalid })
    .optional()
    .meta({ description: ENGLISH_FIELD });
}

/** The English beside a rich text (optional): empty, or an empty paragraph, is "not translated". */
export function englishRichTextField(invalid: ErrorCode) {
  return z
    .string({ error: invalid })
    .max(RICH_TEXT_MAX_LENGTH, { error: invalid })
    .overwrite((html) => (hasVisibleText(html) ? html : ""))
    .optional()
    .meta({ description: ENGLISH_FIELD });
}

/** Rich text as HTML: required means some visible text, not just an empty paragraph. */
export function richTextField(required: ErrorCode, invalid: ErrorCode) {
  return z
    .string({ error: byInput(required, invalid) })
    .max(RICH_TEXT_MAX_LENGTH, { error: invalid, abort: true })
    .refine(hasVisibleText, { error: required });
}

/** A record's id in a query or a payload: a UUID in either case, read in lower case as ids are stored. */
export function uuidField(code: ErrorCode) {
  return z.uuid({ error: code }).transform((value) => value.toLowerCase());
}

/** The id of the record an update names; a string that is not a UUID is answered 404 by the server. */
export function recordId(code: ErrorCode) {
  return z.string({ error: code }).min(1, { error: code });
}

/** The largest version a row can reach: PostgreSQL's `integer`. */
export const EDIT_VERSION_MAX = 2_147_483_647;

/**
 * The version of the record a save is based on, as its read gave it (decision 068): the save is
 * refused with 409 ERROR_EDIT_CONFLICT when another save came first. Left out, the save wins over
 * any other, as in spec §7.
 */
export const editVersionField = z
  .number({ error: "INVALID_EDIT_VERSION" })
  .int({ error: "INVALID_EDIT_VERSION" })
  .min(1, { error: "INVALID_EDIT_VERSION" })
  .max(EDIT_VERSION_MAX, { error: "INVALID_EDIT_VERSION" })
  .optional()
  .meta({
    description:
      "The `version` of the record as it was read: when another save changed it since, 409 ERROR_EDIT_CONFLICT with the record as it is now; left out, this save overwrites whatever is stored.",
  });
