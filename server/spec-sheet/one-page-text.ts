import type { ShownText } from "../../common/language/english-fallback.ts";

/**
 * Texts made to fit one A4 page before pdfkit lays them out (decision 067). pdfkit breaks a word
 * longer than its column by measuring shorter and shorter slices of it, the rest measured again
 * after each line: a 20 000-character word took 17 s and 1.6 GB. So a word wider than its column is
 * broken here first, by the widths of its characters (one pass), and no text is longer than a page
 * can show before it is measured at all.
 */

type Document = PDFKit.PDFDocument;

/**
 * The most characters of one text a sheet measures: more than a whole A4 page holds at the body's
 * size even in the narrowest letters (about 190 "i" a line, 60 lines), so cutting here never cuts
 * what would have been shown.
 */
export const TEXT_CHARACTERS_MAX = 12_000;

/** A word's pieces fill a little less than the column: kerning can widen a piece slightly. */
const WIDTH_MARGIN = 0.97;

/** The text's first `max` characters (whole code points), and whether it was longer. */
function capped(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  // Not between the two halves of a surrogate pair.
  const last = text.charCodeAt(max - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? max - 1 : max;
  return { text: text.slice(0, end), cut: true };
}

/** Paragraphs whose characters together are at most TEXT_CHARACTERS_MAX; `cut` when some were left out. */
export function cappedParagraphs(paragraphs: readonly ShownText[]): { paragraphs: ShownText[]; cut: boolean } {
  const kept: ShownText[] = [];
  let left = TEXT_CHARACTERS_MAX;
  for (const shown of paragraphs) {
    if (left <= 0) return { paragraphs: kept, cut: true };
    const { text, cut } = capped(shown.text, left);
    kept.push({ ...shown, text });
    left -= text.length;
    if (cut) return { paragraphs: kept, cut: true };
  }
  return { paragraphs: kept, cut: false };
}

/**
 * `text` with every word wider than `width` (in the document's current font and size) broken into
 * lines that fit it. Each character is measured once per font and size.
 */
export function breakLongWords(doc: Document, text: string, width: number): string {
  const fits = width * WIDTH_MARGIN;
  const widths = new Map<string, number>();
  const widthOf = (character: string) => {
    let measured = widths.get(character);
    if (measured === undefined) {
      measured = doc.widthOfString(character);
      widths.set(character, measured);
    }
    return measured;
  };
  return capped(text, TEXT_CHARACTERS_MAX).text.replace(/\S+/g, (word) => {
    let total = 0;
    for (const character of word) total += widthOf(character);
    if (total <= fits) return word;
    const lines: string[] = [];
    let line = "";
    let lineWidth = 0;
    for (const character of word) {
      const characterWidth = widthOf(character);
      if (line !== "" && lineWidth + characterWidth > fits) {
        lines.push(line);
        line = "";
        lineWidth = 0;
      }
      line += character;
      lineWidth += characterWidth;
    }
    lines.push(line);
    return lines.join("\n");
  });
}
