/**
 * A text a spreadsheet will read as text, never as a formula: one that starts with = + - @ (or a tab or
 * a carriage return, which some programs skip before reading a formula) gets a leading apostrophe, as
 * Excel itself marks a text typed to look like a formula (CSV / formula injection). Every file the site
 * writes for a spreadsheet (the inbox's CSV, the catalogue's export) takes its texts through this rule;
 * numbers are written as numbers and never pass here. Apostrophes already in front of such a start
 * count too ("'=x" gets a second one), so `withoutFormulaGuard` gives back exactly the text it was given.
 */

const GUARDED_START = /^'*[=+\-@\t\r]/;

export function formulaSafe(text: string): string {
  return GUARDED_START.test(text) ? `'${text}` : text;
}

/** The text a formula-safe cell was made from: its one guarding apostrophe taken off. */
export function withoutFormulaGuard(cell: string): string {
  return cell.startsWith("'") && GUARDED_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}
