import type { ErrorCode } from "../../common/errors/error-codes.ts";
import { readNumber } from "../../common/specifications/number-reading.ts";
import {
  comparableName,
  normalizedSpecificationValue,
  specificationValueIssue,
} from "../../common/specifications/specification-input.ts";
import {
  SPECIFICATION_NUMBER_DECIMALS,
  type SpecificationValue,
  type SpecificationView,
} from "../../common/specifications/specification-schema.ts";
import { withoutFormulaGuard } from "../../common/text/formula-safe.ts";
import { NO, YES } from "./catalogue-columns.ts";

/**
 * A specification's cell read back as a machine's value (the import, decision 076): a number cell or
 * a figure typed as text (common/specifications/number-reading.ts), a choice by its option's name in
 * Romanian or English, yes/no as da/nu (or yes/no, true/false), a text from its Romanian and English
 * cells. Each value then passes the product form's own rule, `specificationValueIssue`, so a refusal
 * carries the form's code and message. An empty cell is no value.
 */

/** What a reader gives for a cell: a CSV's text, or a workbook's text, number or boolean. */
export type CellInput = string | number | boolean | null | undefined;

export type CellReading = { value: SpecificationValue | null } | { code: ErrorCode };

const YES_WORDS = new Set([YES, "yes", "true", "1"]);
const NO_WORDS = new Set([NO, "no", "false", "0"]);

function cellText(cell: CellInput): string {
  if (cell === null || cell === undefined) return "";
  return typeof cell === "string" ? withoutFormulaGuard(cell).trim() : String(cell);
}

/** A workbook's number as the figure it shows: a sum's float noise (6.720000000000001) taken off. */
function figure(value: number): number {
  const rounded = Number(value.toFixed(SPECIFICATION_NUMBER_DECIMALS));
  return Math.abs(value - rounded) < 1e-9 ? rounded : value;
}

function checked(specification: SpecificationView, value: unknown): CellReading {
  const code = specificationValueIssue(specification, value);
  return code === null ? { value: normalizedSpecificationValue(specification, value) } : { code };
}

function numberValue(specification: SpecificationView, cell: CellInput, decimals: boolean): CellReading {
  if (typeof cell === "number") return checked(specification, figure(cell));
  const reading = readNumber(cellText(cell), { unit: specification.unit, decimals });
  if ("problem" in reading)
    return {
      code: reading.problem === "other_unit" ? "INVALID_IMPORT_CELL_UNIT" : "INVALID_PRODUCT_SPECIFICATION_NUMBER",
    };
  return checked(specification, reading.number);
}

function choiceValue(specification: SpecificationView, text: string): CellReading {
  const name = comparableName(text);
  const option = specification.options.find(
    (candidate) =>
      comparableName(candidate.name) === name ||
      (candidate.name_en !== "" && comparableName(candidate.name_en) === name),
  );
  return option ? { value: option.uuid } : { code: "UNKNOWN_PRODUCT_SPECIFICATION_OPTION" };
}

function yesNoValue(cell: CellInput): CellReading {
  if (typeof cell === "boolean") return { value: cell };
  const word = cellText(cell).toLocaleLowerCase("ro-RO");
  if (YES_WORDS.has(word)) return { value: true };
  if (NO_WORDS.has(word)) return { value: false };
  return { code: "INVALID_PRODUCT_SPECIFICATION_YES_NO" };
}

/**
 * `cell` is the specification's column; `english` its " [EN]" column (a text specification's only).
 * `decimals`: the column's figures have decimals (number-reading.ts's rule for `22.500`).
 */
export function readSpecificationCell(
  specification: SpecificationView,
  cell: CellInput,
  english: CellInput,
  decimals: boolean,
): CellReading {
  const text = cellText(cell);
  if (specification.kind === "text") return checked(specification, { ro: text, en: cellText(english) });
  if (text === "") return { value: null };
  switch (specification.kind) {
    case "number":
      return numberValue(specification, cell, decimals);
    case "choice":
      return choiceValue(specification, text);
    case "yes_no":
      return yesNoValue(cell);
  }
}
