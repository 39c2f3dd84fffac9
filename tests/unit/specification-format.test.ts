import { describe, expect, it } from "vitest";
import {
  formatNumber,
  formatQuantity,
  formatSpecificationValue,
  specificationName,
} from "../../common/specifications/format.ts";
import type { SpecificationView } from "../../common/specifications/specification-schema.ts";

const NBSP = "\u00a0";
const OPTION = "0b7d3a1e-5c2f-4e8a-9d6b-1f2e3d4c5b6a";

function definition(fields: Partial<SpecificationView>): SpecificationView {
  return {
    uuid: "6f1c2f5e-8d4b-4c55-9f1a-2b3c4d5e6f70",
    key: "x",
    name: "Masă operațională",
    name_en: "Operating weight",
    kind: "number",
    unit: null,
    options: [],
    on_card: false,
    filter: false,
    ...fields,
  };
}

describe("numbers as each language writes them", () => {
  it.each([
    [22500, "22.500", "22,500"],
    [6.72, "6,72", "6.72"],
    [0.17, "0,17", "0.17"],
    [1234567.125, "1.234.567,125", "1,234,567.125"],
    [-3.5, "-3,5", "-3.5"],
  ])("%d: ro %s, en %s", (value, ro, en) => {
    expect(formatNumber(value, "ro")).toBe(ro);
    expect(formatNumber(value, "en")).toBe(en);
  });

  it("writes four-digit numbers with a separator in Romanian too", () => {
    expect(formatNumber(5540, "ro")).toBe("5.540");
  });

  it("joins a number and its unit with a non-breaking space, in the language's name of the unit", () => {
    expect(formatQuantity(22500, "kg", "ro")).toBe(`22.500${NBSP}kg`);
    expect(formatQuantity(148, "hp", "ro")).toBe(`148${NBSP}CP`);
    expect(formatQuantity(148, "hp", "en")).toBe(`148${NBSP}hp`);
    expect(formatQuantity(1.19, "m3", "en")).toBe(`1.19${NBSP}m³`);
    expect(formatQuantity(3, null, "ro")).toBe("3");
  });
});

describe("formatSpecificationValue", () => {
  it("writes a number with its unit, marked in the page's language", () => {
    expect(formatSpecificationValue(definition({ unit: "m" }), 6.72, "ro")).toEqual({
      text: `6,72${NBSP}m`,
      lang: "ro",
    });
    expect(formatSpecificationValue(definition({ unit: "m" }), 6.72, "en")).toEqual({
      text: `6.72${NBSP}m`,
      lang: "en",
    });
  });

  it("writes yes/no in the page's language", () => {
    const yesNo = definition({ kind: "yes_no" });
    expect(formatSpecificationValue(yesNo, true, "ro")).toEqual({ text: "Da", lang: "ro" });
    expect(formatSpecificationValue(yesNo, false, "en")).toEqual({ text: "No", lang: "en" });
  });

  it("writes a choice's option in English where translated, in Romanian (marked so) where not", () => {
    const choice = definition({
      kind: "choice",
      options: [{ uuid: OPTION, key: "senile", name: "Șenile", name_en: "Tracks" }],
    });
    expect(formatSpecificationValue(choice, OPTION, "en")).toEqual({ text: "Tracks", lang: "en" });
    expect(formatSpecificationValue(choice, OPTION, "ro")).toEqual({ text: "Șenile", lang: "ro" });
    const untranslated = definition({
      kind: "choice",
      options: [{ uuid: OPTION, key: "senile", name: "Șenile", name_en: "" }],
    });
    expect(formatSpecificationValue(untranslated, OPTION, "en")).toEqual({ text: "Șenile", lang: "ro" });
  });

  it("writes a text pair in the page's language, falling back to Romanian", () => {
    const text = definition({ kind: "text" });
    expect(formatSpecificationValue(text, { ro: "Motor diesel", en: "Diesel engine" }, "en")).toEqual({
      text: "Diesel engine",
      lang: "en",
    });
    expect(formatSpecificationValue(text, { ro: "Motor diesel", en: "" }, "en")).toEqual({
      text: "Motor diesel",
      lang: "ro",
    });
  });

  it("gives null for a value that does not fit its definition (a stale option, a wrong type)", () => {
    expect(formatSpecificationValue(definition({ unit: "kg" }), "22500", "ro")).toBeNull();
    expect(formatSpecificationValue(definition({ kind: "choice" }), OPTION, "ro")).toBeNull();
    expect(formatSpecificationValue(definition({ kind: "yes_no" }), 1, "ro")).toBeNull();
    expect(formatSpecificationValue(definition({ kind: "text" }), "Diesel", "ro")).toBeNull();
  });
});

describe("specificationName", () => {
  it("names the specification in English where translated, in Romanian otherwise", () => {
    expect(specificationName(definition({}), "en")).toEqual({ text: "Operating weight", lang: "en" });
    expect(specificationName(definition({ name_en: "" }), "en")).toEqual({ text: "Masă operațională", lang: "ro" });
    expect(specificationName(definition({}), "ro")).toEqual({ text: "Masă operațională", lang: "ro" });
  });
});
