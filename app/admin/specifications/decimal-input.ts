/**
 * A number as the administrator types it into a specification's field, and back. Romanian writes
 * the decimals after a comma (`6,72`), so a comma is the decimal separator; a point is accepted as
 * one too (`6.72`, as a datasheet copied in English writes it). Thousands may be grouped by spaces
 * (`22 500`) or, beside a decimal comma, by points (`22.500,5`). A lone point followed by exactly
 * three digits (`22.500`) is refused as ambiguous: a Romanian reads 22 500 where the other reading
 * is 22,5, and a silent factor of a thousand is the typo the typed figures are there to stop.
 */

export type DecimalReading =
  { kind: "empty" } | { kind: "number"; value: number } | { kind: "invalid" } | { kind: "ambiguous" };

/** Digits with an optional sign and fraction, once the grouping is gone. */
const PLAIN = /^-?\d+(?:\.\d+)?$/;
/** Digits grouped by points in threes, before a decimal comma: 22.500,5. */
const POINT_GROUPED = /^-?\d{1,3}(?:\.\d{3})+(?:,\d+)?$/;
const AMBIGUOUS = /^-?\d{1,3}\.\d{3}$/;

export function readDecimal(text: string): DecimalReading {
  // Spaces of any kind group thousands (a non-breaking one comes with a pasted formatted figure).
  const compact = text.replace(/[\s\u00a0\u202f]/g, "");
  if (compact === "") return { kind: "empty" };
  if (AMBIGUOUS.test(compact)) return { kind: "ambiguous" };
  let canonical: string;
  if (POINT_GROUPED.test(compact)) canonical = compact.replace(/\./g, "").replace(",", ".");
  else if (compact.includes(",") && compact.includes(".")) return { kind: "invalid" };
  else canonical = compact.replace(",", ".");
  if (!PLAIN.test(canonical)) return { kind: "invalid" };
  const value = Number(canonical);
  return Number.isFinite(value) ? { kind: "number", value } : { kind: "invalid" };
}

/** A stored number as the field shows it: Romanian decimal comma, no grouping (read back exactly). */
export function writeDecimal(value: number): string {
  return String(value).replace(".", ",");
}
