import type { Locale } from "../language/language.ts";
import { collapseSpaces } from "../text/slug.ts";

/** What a picture is to its subject: the offer's main picture, or one more photo of it. */
export type AltKind = "presentation" | "photo";

const words: Record<AltKind, Record<Locale, string>> = {
  presentation: { ro: "prezentare", en: "presentation" },
  photo: { ro: "poza", en: "photo" },
};

/**
 * The alt text of a stored picture (spec §3): the lower-cased brand or model (with its name), the
 * word for presentation or photo in the given language, and the picture's number counted from 1,
 * e.g. 'cat 320 poza 2'. Shared by the demo seed and the admin uploads so both read alike.
 */
export function buildAltText(subject: string, kind: AltKind, index: number, locale: Locale = "ro"): string {
  if (!Number.isInteger(index) || index < 1)
    throw new RangeError(`Alt text index must be a whole number from 1, got ${index}`);
  const name = collapseSpaces(subject).toLocaleLowerCase(locale === "ro" ? "ro-RO" : "en-US");
  return [name, words[kind][locale], String(index)].filter(Boolean).join(" ");
}

const STORED_WORD = new RegExp(`\\s(${words.presentation.ro}|${words.photo.ro})\\s(\\d+)$`);

/**
 * A stored alt text in the page's language: pictures keep the Romanian form buildAltText gave them
 * ('cat 320 poza 2'); an English page shows the word translated ('cat 320 photo 2'). An alt text an
 * administrator wrote differently is shown as written.
 */
export function localizedAltText(alt: string, locale: Locale): string {
  if (locale === "ro") return alt;
  return alt.replace(
    STORED_WORD,
    (_match, word: string, index: string) =>
      ` ${words[word === words.photo.ro ? "photo" : "presentation"][locale]} ${index}`,
  );
}
