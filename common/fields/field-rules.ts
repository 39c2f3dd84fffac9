import { collapseSpaces } from "../text/slug.ts";

/**
 * The field rules of spec §5 and the limits of §9, written once: the zod schemas of common/schemas
 * (used by the admin forms and the API) and the server's image checks read them from here.
 */

/**
 * Category names and product models: Latin letters with their diacritics (ă, â, î, ș, ț, é, ö, ...),
 * digits, underscore, hyphen and space.
 */
export const NAME_PATTERN = /^[\p{Script=Latin}0-9_\- ]+$/u;
export const NAME_MAX_LENGTH = 100;

/**
 * What is stored for a name or model: composed characters (so 'ș' typed either way is one letter),
 * runs of spaces collapsed.
 */
export function normalizeName(value: string): string {
  return collapseSpaces(value.normalize("NFC"));
}

/**
 * Characters a one-line name or text never carries: controls (C0 and C1), format characters (zero
 * width spaces and joiners, bidirectional overrides, the soft hyphen, a byte-order mark), line and
 * paragraph separators (U+2028, U+2029) and lone surrogates. None shows, some reorder or break what
 * follows them, and a name made of them looks empty. Looked for in the text as typed: collapsing
 * spaces would turn some of them into a space first.
 */
const HIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
/** A letter, digit, punctuation mark or symbol: something that shows. */
const VISIBLE_CHARACTER = /[\p{L}\p{N}\p{P}\p{S}]/u;
/** Letters and symbols that show nothing: the Hangul fillers and the blank Braille pattern. */
const BLANK_LOOKALIKES = /[\u115f\u1160\u3164\uffa0\u2800]/gu;

/** Whether a name or text as typed holds a character of HIDDEN_CHARACTER (checked before spaces are collapsed). */
export function hasHiddenCharacter(value: string): boolean {
  return HIDDEN_CHARACTER.test(value);
}

/** The text without any character of HIDDEN_CHARACTER (a text taken from elsewhere, made to fit a stricter field). */
export function withoutHiddenCharacters(value: string): string {
  return value.replace(new RegExp(HIDDEN_CHARACTER.source, "gu"), "");
}

/** Whether a name or text shows something: a name of only blanks is no name. */
export function showsSomething(value: string): boolean {
  return VISIBLE_CHARACTER.test(value.replace(BLANK_LOOKALIKES, ""));
}

/** The admin configuration's e-mail: lower-case only (spec §5). */
export const LOWERCASE_EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;
export const EMAIL_MAX_LENGTH = 254;

/** The most units a machine's fleet may have (decision 070); also the most a quote list may ask for of one. */
export const FLEET_UNITS_MAX = 999;

/** Record ids are UUIDs (crypto.randomUUID); anything else cannot name a record. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A Romanian phone number once its spaces are removed: 10 digits starting 07, 02 or 03. */
export const ROMANIAN_PHONE_PATTERN = /^0[237][0-9]{8}$/;

export function normalizePhone(value: string): string {
  return value.replace(/\s+/g, "");
}

export const MAIL_SUBJECT_MAX_LENGTH = 200;

/** Rich text (header offer, details, technical data) as HTML; the editor's bounds are not in the spec. */
export const RICH_TEXT_MAX_LENGTH = 200_000;

/** True when HTML shows some text: an empty editor ('<p></p>', '<p><br></p>', '&nbsp;') does not. */
export function hasVisibleText(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;|&#160;|&#xa0;/gi, "")
      .trim().length > 0
  );
}

/** Spec §9: at most 5 pictures per gallery and 5 banners. */
export const IMAGE_COUNT_LIMIT = 5;
const MB = 1024 * 1024;
/** Spec §9: 5 MB per gallery or header picture, 10 MB per banner (decoded bytes). */
export const IMAGE_SIZE_LIMIT_BYTES = 5 * MB;
export const BANNER_SIZE_LIMIT_BYTES = 10 * MB;
/** Larger pictures are refused before they are decoded (a small file may declare a huge canvas). */
export const IMAGE_PIXEL_LIMIT = 40_000_000;
export const IMAGE_ALT_MAX_LENGTH = 300;

/**
 * Declared types an upload may carry (spec §5 plus webp and gif). The declared type is only checked
 * for plausibility: the server decides the real type from the content.
 */
export const ACCEPTED_IMAGE_MIME_TYPES = [
  "image/jpeg",
  "image/jpg",
  "image/pjpeg",
  "image/png",
  "image/bmp",
  "image/x-bmp",
  "image/x-ms-bmp",
  "image/webp",
  "image/gif",
] as const;

export function isAcceptedImageMimeType(value: string): boolean {
  return (ACCEPTED_IMAGE_MIME_TYPES as readonly string[]).includes(value.trim().toLowerCase());
}

/** 1 for the characters of the standard base64 alphabet (not the padding), by character code. */
const BASE64_ALPHABET = new Uint8Array(128);
for (const character of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
  BASE64_ALPHABET[character.charCodeAt(0)] = 1;
const PADDING = 61; // "="

/**
 * Standard base64 (the data URL's payload), padded, without whitespace or a 'data:' prefix. A loop
 * over the character codes rather than /^[A-Za-z0-9+/]*={0,2}$/: the same rule, about a third of the
 * regular expression's time on a 7 MB picture, which the server checks on its event loop.
 */
export function isStrictBase64(value: string): boolean {
  if (value.length % 4 !== 0) return false;
  let end = value.length;
  if (value.charCodeAt(end - 1) === PADDING) end -= 1;
  if (value.charCodeAt(end - 1) === PADDING) end -= 1;
  for (let index = 0; index < end; index += 1) {
    const code = value.charCodeAt(index);
    if (code >= 128 || BASE64_ALPHABET[code] === 0) return false;
  }
  return true;
}

/** The number of bytes a valid base64 text decodes to, known before decoding it. */
export function base64DecodedLength(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}
