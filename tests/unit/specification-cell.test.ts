import { describe, expect, it } from "vitest";
import type { SpecificationView } from "../../common/specifications/specification-schema.ts";
import { readSpecificationCell } from "../../server/spreadsheets/specification-cell.ts";

const base = { key: "k", name_en: "", on_card: false, filter: false, options: [], unit: null };
const WEIGHT: SpecificationView = {
  ...base,
  uuid: "00000000-0000-4000-8000-000000000001",
  name: "Masă",
  kind: "number",
  unit: "kg",
};
const TRACKS = "00000000-0000-4000-8000-0000000000a1";
const UNDERCARRIAGE: SpecificationView = {
  ...base,
  uuid: "00000000-0000-4000-8000-000000000002",
  name: "Tren de rulare",
  kind: "choice",
  options: [
    { uuid: TRACKS, key: "senile", name: "Șenile", name_en: "Tracks" },
    { uuid: "00000000-0000-4000-8000-0000000000a2", key: "roti", name: "Roți", name_en: "Wheels" },
  ],
};
const AIR: SpecificationView = { ...base, uuid: "00000000-0000-4000-8000-000000000003", name: "Aer", kind: "yes_no" };
const ENGINE: SpecificationView = {
  ...base,
  uuid: "00000000-0000-4000-8000-000000000004",
  name: "Motor",
  kind: "text",
};

describe("a specification's cell read as a machine's value", () => {
  it.each([
    [WEIGHT, 22500, 22500],
    [WEIGHT, 6.720000000000001, 6.72],
    [WEIGHT, "22.500", 22500],
    [WEIGHT, "5 540 kg", 5540],
    [WEIGHT, "", null],
    [WEIGHT, null, null],
    [UNDERCARRIAGE, "Șenile", TRACKS],
    [UNDERCARRIAGE, "senile", TRACKS],
    [UNDERCARRIAGE, "TRACKS", TRACKS],
    [AIR, "da", true],
    [AIR, "Nu", false],
    [AIR, true, true],
    [AIR, "yes", true],
  ])("%o: %j reads as %j", (specification, cell, value) =>
    expect(readSpecificationCell(specification, cell, undefined, false)).toEqual({ value }),
  );

  it("reads a text specification from its two cells, the formula guard taken off", () => {
    expect(readSpecificationCell(ENGINE, "'@Cat C7.1", "Cat engine", false)).toEqual({
      value: { ro: "@Cat C7.1", en: "Cat engine" },
    });
    expect(readSpecificationCell(ENGINE, "", "", false)).toEqual({ value: null });
  });

  it.each([
    [WEIGHT, "douăzeci", "INVALID_PRODUCT_SPECIFICATION_NUMBER"],
    [WEIGHT, 1.2345, "INVALID_PRODUCT_SPECIFICATION_NUMBER"],
    [WEIGHT, "5 t", "INVALID_IMPORT_CELL_UNIT"],
    [WEIGHT, 2e9, "PRODUCT_SPECIFICATION_OUT_OF_RANGE"],
    [UNDERCARRIAGE, "Pernă de aer", "UNKNOWN_PRODUCT_SPECIFICATION_OPTION"],
    [AIR, "poate", "INVALID_PRODUCT_SPECIFICATION_YES_NO"],
    [ENGINE, "x".repeat(121), "INVALID_PRODUCT_SPECIFICATION_TEXT"],
  ])("%o: %j is refused with %s", (specification, cell, code) =>
    expect(readSpecificationCell(specification, cell, undefined, false)).toEqual({ code }),
  );

  it("refuses an English text without its Romanian, as the form does", () => {
    expect(readSpecificationCell(ENGINE, "", "Cat engine", false)).toEqual({
      code: "INVALID_PRODUCT_SPECIFICATION_TEXT",
    });
  });
});
