/** A text as HTML's text or attribute value: the characters that could end either escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
