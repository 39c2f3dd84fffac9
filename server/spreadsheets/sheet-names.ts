/**
 * Worksheet names as Excel accepts them: at most 31 characters, none of []:*?/\, not starting or ending
 * with an apostrophe, not empty, and distinct whatever their case ("History" is Excel's own).
 */

export const SHEET_NAME_MAX_LENGTH = 31;
const FORBIDDEN = /[[\]:*?/\\]/g;

/** A name Excel accepts, made from `wanted`, that none of `taken` (compared case aside) holds yet; added to `taken`. */
export function sheetName(wanted: string, taken: Set<string>): string {
  const clean =
    wanted
      .replace(FORBIDDEN, "-")
      .replace(/^'+|'+$/g, "")
      .trim() || "Foaie";
  const free = (name: string) => !taken.has(name.toLocaleLowerCase("ro-RO"));
  let name = clean.slice(0, SHEET_NAME_MAX_LENGTH).trim();
  for (let copy = 2; !free(name); copy += 1) {
    const suffix = ` (${copy})`;
    name = `${clean.slice(0, SHEET_NAME_MAX_LENGTH - suffix.length).trim()}${suffix}`;
  }
  taken.add(name.toLocaleLowerCase("ro-RO"));
  return name;
}

/** The names taken from the start: Excel's own, and the workbook's sheets that are not categories. */
export function takenSheetNames(reserved: readonly string[]): Set<string> {
  return new Set(["history", ...reserved].map((name) => name.toLocaleLowerCase("ro-RO")));
}
