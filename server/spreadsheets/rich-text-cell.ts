import { richTextParagraphs } from "../../common/text/rich-text.ts";

/**
 * A rich text as a person edits it in a cell: its paragraphs separated by a blank line, a list's items
 * on lines of their own starting with "- " (one after the other), a table's row on one line with its
 * cells joined by " | ". Formatting, links' addresses and pictures inside the text are not kept (the
 * workbook's "Note" sheet says so).
 */

const ITEM = "- ";

/** Excel's limit for one cell; a longer text is cut there (the "Note" sheet lists such cells). */
export const CELL_TEXT_MAX_LENGTH = 32_767;

export function richTextCell(html: string): string {
  const lines = richTextParagraphs(html, ITEM);
  return lines
    .map((line, index) =>
      index === 0 ? line : `${line.startsWith(ITEM) && lines[index - 1].startsWith(ITEM) ? "\n" : "\n\n"}${line}`,
    )
    .join("");
}
