import { CELL_MAX_CHARS } from "./import-budget.ts";

/** The characters of a refused value the preview echoes. */
export const EXCERPT_CHARS = 200;

/**
 * A refused cell's value as the preview echoes it: whole when short, else its first characters and
 * a mark saying so ("… [primele 200 de caractere din 250.000]"), so the answer never carries back
 * the megabytes it refused. A cell the reading cut to the budget (import-budget.ts) is "peste" it.
 */
export function refusedExcerpt(value: string): string {
  if (value.length <= EXCERPT_CHARS) return value;
  const total =
    value.length >= CELL_MAX_CHARS
      ? `peste ${(CELL_MAX_CHARS - 1).toLocaleString("ro-RO")}`
      : value.length.toLocaleString("ro-RO");
  return `${value.slice(0, EXCERPT_CHARS)}… [primele ${EXCERPT_CHARS} de caractere din ${total}]`;
}
