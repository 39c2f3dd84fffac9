import { withoutFormulaGuard } from "../../common/text/formula-safe.ts";
import { escapeHtml } from "../../common/text/html-escape.ts";
import { richTextParagraphs } from "../../common/text/rich-text.ts";

/**
 * A rich text as a person edits it in a cell: its paragraphs separated by a blank line, a list's items
 * on lines of their own starting with "- " (one after the other), a table's row on one line with its
 * cells joined by " | ". Formatting, links' addresses and pictures inside the text are not kept (the
 * workbook's "Note" sheet says so). The import reads such a cell back (`importedRichText`).
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

/** A cell's text as the export wrote it: one guarding apostrophe off, CRLF as LF, each line's spaces collapsed. */
function comparableCell(cell: string): string {
  return withoutFormulaGuard(cell)
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * The cell's text as the editor's HTML: blocks apart by blank lines; a block whose lines all start
 * with "- " a list, its lines the items; any other line a paragraph.
 */
export function cellRichText(cell: string): string {
  return comparableCell(cell)
    .split("\n\n")
    .filter((block) => block !== "")
    .map((block) => {
      const lines = block.split("\n");
      return lines.every((line) => line.startsWith(ITEM))
        ? `<ul>${lines.map((line) => `<li><p>${escapeHtml(line.slice(ITEM.length).trim())}</p></li>`).join("")}</ul>`
        : lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("");
    })
    .join("");
}

/**
 * A rich text imported from its cell: the stored HTML, formatting and links kept, when the cell reads
 * as the export wrote it (a text cut at the cell's limit included); otherwise the cell's text as new
 * HTML. Re-importing an export therefore changes no text.
 */
export function importedRichText(stored: string, cell: string): { html: string; changed: boolean } {
  const exported = comparableCell(richTextCell(stored));
  const imported = comparableCell(cell);
  const same =
    imported === exported ||
    (imported.length >= CELL_TEXT_MAX_LENGTH - 1 && exported.startsWith(imported.slice(0, CELL_TEXT_MAX_LENGTH - 1)));
  return same ? { html: stored, changed: false } : { html: cellRichText(cell), changed: true };
}
