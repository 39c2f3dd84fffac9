import { extensionFor } from "../../common/media/media-paths.ts";
import { toSlug } from "../../common/text/slug.ts";

/**
 * How a machine's pictures are named in the catalogue's ZIP (decisions 076, 079), one rule for the
 * export and the import: a folder per machine, named by its slug (the model in lower case, hyphens
 * for spaces: a new row's folder is its model's, the slug the machine will have), `01-antet.<ext>`
 * its header picture, `02-galerie.<ext>`… its gallery in order.
 */

const HEADER_WORD = "antet";
const GALLERY_WORD = "galerie";

/** "cat-320-gc/01-antet.jpg", "cat-320-gc/02-galerie.webp": the machine's slug, the picture's place. */
export function pictureEntryName(machineSlug: string, index: number, mimeType: string): string {
  return `${machineSlug}/${String(index + 1).padStart(2, "0")}-${index === 0 ? HEADER_WORD : GALLERY_WORD}.${extensionFor(mimeType)}`;
}

/**
 * The folder a row's pictures are looked for in: its model's slug. Compared in Unicode's composed
 * form on both sides: a Mac writes a ZIP's names with their diacritics decomposed (ă as a + ˘).
 */
export function pictureFolder(model: string): string {
  return toSlug(model).normalize("NFC");
}

const ENTRY = /^(.+)\/(\d{2,3})-(antet|galerie)\.[a-z0-9]{1,5}$/i;

/**
 * A ZIP entry's folder and place (0 the header picture, then the gallery's), or undefined for any
 * other file (a spreadsheet program's or a file system's own files are left alone).
 */
export function pictureOfEntry(fileName: string): { folder: string; place: number } | undefined {
  const match = ENTRY.exec(fileName);
  if (!match) return undefined;
  const place = Number(match[2]) - 1;
  const header = match[3].toLowerCase() === HEADER_WORD;
  if (place < 0 || header !== (place === 0)) return undefined;
  return { folder: match[1].normalize("NFC").toLocaleLowerCase("ro-RO"), place };
}
