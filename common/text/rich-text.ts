/**
 * Text alignment in rich text is carried by these classes, not by style attributes: the server
 * keeps no inline styles (they could restyle the page, and the CSP may refuse them), so the public
 * stylesheet and the admin editor give these classes their meaning.
 */
export const TEXT_ALIGNMENTS = ["left", "center", "right", "justify"] as const;
export type TextAlignment = (typeof TEXT_ALIGNMENTS)[number];

export function textAlignClass(alignment: TextAlignment): string {
  return `text-align-${alignment}`;
}

export const TEXT_ALIGN_CLASSES: readonly string[] = TEXT_ALIGNMENTS.map(textAlignClass);

const ENTITIES: Record<string, string> = { nbsp: " ", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", amp: "&" };

/**
 * The closing tags (and `<br>`) that end a line of the editor's rich text: paragraphs, headings,
 * items, rows, quotes.
 */
const LINE_END = /<br\s*\/?>|<\/(?:p|h[1-6]|li|tr|blockquote)>/gi;

/** A table cell's content on one line: its own paragraphs and items joined by "; ". */
function oneLineCell(_cell: string, open: string, _kind: string, content: string, close: string): string {
  const parts = content.split(LINE_END).map((part) => part.replace(/<[^>]*>/g, " ").trim());
  return `${open}${parts.filter((part) => part !== "").join("; ")}${close}`;
}

/**
 * The rich text as plain paragraphs, one per line the editor's markup ends (an item starts with
 * `bullet`, a table row is a line, its cells joined by " | "), entities decoded, white space
 * collapsed: what a spec sheet prints and a meta description shortens.
 */
export function richTextParagraphs(html: string, bullet = "• "): string[] {
  return html
    .replace(/(<t([dh])\b[^>]*>)([\s\S]*?)(<\/t\2>)/gi, oneLineCell)
    .replace(/<li\b[^>]*>/gi, bullet)
    .replace(/<\/t[dh]>\s*(?=<t[dh]\b)/gi, " | ")
    .split(LINE_END)
    .map((line) =>
      line
        .replace(/<[^>]*>/g, " ")
        .replace(/&(nbsp|lt|gt|quot|#39|apos|amp);/g, (_entity, name: string) => ENTITIES[name] ?? "")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter((line) => line !== "" && line !== bullet.trim());
}

/** The rich text on one line (a meta description). */
export function plainText(html: string): string {
  return richTextParagraphs(html, "").join(" ");
}
