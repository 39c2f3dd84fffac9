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
