import { UNITS, type UnitKey } from "./units.ts";

/**
 * A figure as a person or a spreadsheet types it, in Romanian or in English: `22.500` and `22,500`
 * (grouped thousands), `3,81` and `3.81` (decimals), `1.234.567,5` and `1,234,567.5`, `5 540` (a space
 * between thousands, a non-breaking one too), with the column's unit after it (`5 540 kg`, `6,72 m`).
 *
 * The rule for separators: with both a point and a comma, the last of them marks the decimals and
 * the other groups thousands; one kind used more than once groups thousands; one separator used once
 * marks the decimals, unless exactly three digits follow it, when it is ambiguous (`22.500`, `22,500`,
 * `1.125`) and the column decides: a column whose figures have decimals (`decimals`: a machine's
 * stored value for the specification is not whole) reads it as decimals, any other column as grouped
 * thousands, which is how both a Romanian and an English sheet write twenty-two thousand five hundred.
 */

export interface NumberColumn {
  /** The specification's unit: typed after the figure, it is read (any other unit is refused). */
  unit: UnitKey | null;
  /** The column's figures have decimals: `1.125` is read as 1.125, not 1125. */
  decimals: boolean;
}

/** A figure read, a figure not read, or a unit that is not the column's. */
export type NumberReading = { number: number } | { problem: "not_a_number" | "other_unit" };

const GROUPED = /^\d{1,3}(?:[.,]\d{3})+$/;

function unitSpellings(unit: UnitKey): string[] {
  const { ro, en } = UNITS[unit];
  return [ro, en, unit].map((spelling) => spelling.toLocaleLowerCase("ro-RO"));
}

const ANY_UNIT = new Set((Object.keys(UNITS) as UnitKey[]).flatMap(unitSpellings));

/**
 * The figure's text without its unit; undefined when a known unit other than the column's is typed.
 * Letters that are no unit stay, and make the text not a number.
 */
function withoutUnit(text: string, unit: UnitKey | null): string | undefined {
  const match = /^([-+]?[\d.,\s]*\d)\s*([^\d\s].*)$/u.exec(text);
  if (!match) return text;
  const [, figure, typedUnit] = match;
  const typed = typedUnit.trim().toLocaleLowerCase("ro-RO");
  if (unit !== null && unitSpellings(unit).includes(typed)) return figure;
  return ANY_UNIT.has(typed) ? undefined : text;
}

function readDigits(figure: string, decimals: boolean): number | undefined {
  const sign = figure.startsWith("-") ? -1 : 1;
  const body = figure.replace(/^[-+]/, "");
  if (!/^\d[\d.,]*$/.test(body)) return undefined;
  const points = body.split(".").length - 1;
  const commas = body.split(",").length - 1;
  let integer = body;
  let fraction = "";
  if (points > 0 && commas > 0) {
    const decimalMark = body.lastIndexOf(".") > body.lastIndexOf(",") ? "." : ",";
    const at = body.lastIndexOf(decimalMark);
    [integer, fraction] = [body.slice(0, at), body.slice(at + 1)];
    if ((decimalMark === "." ? commas : points) === 0 || !GROUPED.test(integer) || /[.,]/.test(fraction))
      return undefined;
  } else if (points + commas > 1) {
    if (!GROUPED.test(body)) return undefined;
  } else if (points + commas === 1) {
    const [before, after] = body.split(/[.,]/);
    const ambiguous = after.length === 3 && before.length <= 3 && before !== "0";
    if (!ambiguous || decimals) [integer, fraction] = [before, after];
  }
  const digits = `${integer.replace(/[.,]/g, "")}${fraction === "" ? "" : `.${fraction}`}`;
  if (!/^\d+(?:\.\d+)?$/.test(digits)) return undefined;
  return sign * Number(digits);
}

export function readNumber(text: string, column: NumberColumn): NumberReading {
  const compact = text
    .normalize("NFC")
    .trim()
    .replace(/(\d)[\s\u00a0\u202f]+(?=\d)/g, "$1");
  const figure = withoutUnit(compact, column.unit);
  if (figure === undefined) return { problem: "other_unit" };
  const number = readDigits(figure.trim(), column.decimals);
  return number === undefined || !Number.isFinite(number) ? { problem: "not_a_number" } : { number };
}
