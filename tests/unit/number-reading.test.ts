import { describe, expect, it } from "vitest";
import { readNumber, type NumberColumn } from "../../common/specifications/number-reading.ts";

const WHOLE: NumberColumn = { unit: "kg", decimals: false };
const DECIMAL: NumberColumn = { unit: "m", decimals: true };

describe("a figure typed in Romanian or in English", () => {
  it.each([
    ["22500", WHOLE, 22500],
    ["22.500", WHOLE, 22500],
    ["22,500", WHOLE, 22500],
    ["3,81", DECIMAL, 3.81],
    ["3.81", DECIMAL, 3.81],
    ["3,81", WHOLE, 3.81],
    ["1.125", DECIMAL, 1.125],
    ["1,125", DECIMAL, 1.125],
    ["0,500", WHOLE, 0.5],
    ["1.234.567,5", WHOLE, 1234567.5],
    ["1,234,567.5", WHOLE, 1234567.5],
    ["1.234.567", WHOLE, 1234567],
    ["5 540", WHOLE, 5540],
    ["5\u00a0540 kg", WHOLE, 5540],
    ["5 540 KG", WHOLE, 5540],
    ["5540kg", WHOLE, 5540],
    ["6,72 m", DECIMAL, 6.72],
    ["-12,5", { unit: null, decimals: true }, -12.5],
    ["  42  ", { unit: null, decimals: false }, 42],
  ])("%j in %o is %d", (text, column, number) => expect(readNumber(text, column)).toEqual({ number }));

  it.each(["", "abc", "12x", "1.2.3", "1,23,456", "1.234,5.6", "1,5,000.5", "--3", "=1+1", "1e5", "∞"])(
    "%j is not a number",
    (text) => expect(readNumber(text, WHOLE)).toEqual({ problem: "not_a_number" }),
  );

  it.each([
    ["5 t", WHOLE],
    ["12a", WHOLE],
    ["6,72 mm", DECIMAL],
    ["10 kg", { unit: null, decimals: false }],
  ])("%j with a unit that is not the column's is refused", (text, column) =>
    expect(readNumber(text, column)).toEqual({ problem: "other_unit" }),
  );
});
