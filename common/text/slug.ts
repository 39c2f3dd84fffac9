/** Runs of whitespace become one space and the ends are trimmed (spec §5: names and models). */
export function collapseSpaces(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

/** The path form of a category name or product model (spec §2): lower-case, spaces as hyphens. */
export function toSlug(value: string): string {
  return collapseSpaces(value).toLocaleLowerCase("ro-RO").replace(/ /g, "-");
}
