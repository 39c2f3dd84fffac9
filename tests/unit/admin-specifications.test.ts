import { describe, expect, it } from "vitest";
import { affectedSpecifications, valueChangesQuestion } from "../../app/admin/specifications/affected-values.ts";
import { readDecimal, writeDecimal } from "../../app/admin/specifications/decimal-input.ts";
import { carryValues } from "../../common/specifications/carry-values.ts";
import { fieldIssue, fieldsOf, readField, valuesOf } from "../../app/admin/specifications/product-specifications.ts";
import {
  draftsOf,
  mayShowOnCard,
  newSpecification,
  specificationsPayload,
  withKind,
} from "../../app/admin/specifications/specification-drafts.ts";
import { machinesCount } from "../../app/admin/ui/texts.ts";
import type { SpecificationView } from "../../common/specifications/specification-schema.ts";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function spec(n: number, fields: Partial<SpecificationView>): SpecificationView {
  return {
    uuid: id(n),
    key: `s${n}`,
    name: `S${n}`,
    name_en: "",
    kind: "number",
    unit: null,
    options: [],
    on_card: false,
    filter: false,
    ...fields,
  };
}

const weight = spec(1, { name: "Masă operațională", kind: "number", unit: "kg" });
const drive = spec(2, {
  name: "Tip deplasare",
  kind: "choice",
  options: [
    { uuid: id(21), key: "senile", name: "șenile", name_en: "tracks" },
    { uuid: id(22), key: "roti", name: "roți", name_en: "wheels" },
  ],
});
const cab = spec(3, { name: "Cabină", kind: "yes_no" });
const engine = spec(4, { name: "Motor", kind: "text" });

describe("a number typed into a specification's field", () => {
  it("reads a decimal comma or point, and spaces grouping thousands", () => {
    expect(readDecimal("6,72")).toEqual({ kind: "number", value: 6.72 });
    expect(readDecimal("6.72")).toEqual({ kind: "number", value: 6.72 });
    expect(readDecimal(" 22 500 ")).toEqual({ kind: "number", value: 22500 });
    expect(readDecimal("22\u00a0500,5")).toEqual({ kind: "number", value: 22500.5 });
    expect(readDecimal("-3,5")).toEqual({ kind: "number", value: -3.5 });
    expect(readDecimal("1500")).toEqual({ kind: "number", value: 1500 });
  });

  it("reads points grouping thousands before a decimal comma", () => {
    expect(readDecimal("22.500,5")).toEqual({ kind: "number", value: 22500.5 });
    expect(readDecimal("1.250.000")).toEqual({ kind: "number", value: 1250000 });
  });

  it("refuses a lone point before three digits as ambiguous (22 500 or 22,5)", () => {
    expect(readDecimal("22.500")).toEqual({ kind: "ambiguous" });
    expect(readDecimal("1.250")).toEqual({ kind: "ambiguous" });
    expect(readDecimal("1.25")).toEqual({ kind: "number", value: 1.25 });
  });

  it("refuses what is not a number, and reads nothing as empty", () => {
    for (const text of ["abc", "1,2,3", "1.2,3", "12kg", "1e3", ",5", "5,", "--1", "Infinity"])
      expect(readDecimal(text), text).toEqual({ kind: "invalid" });
    expect(readDecimal("  ")).toEqual({ kind: "empty" });
  });

  it("writes a stored number back with a decimal comma and no grouping, read back exactly", () => {
    for (const value of [6.72, 22500, 0.001, -3.5, 999_999_999.999]) {
      expect(readDecimal(writeDecimal(value))).toEqual({ kind: "number", value });
    }
    expect(writeDecimal(6.72)).toBe("6,72");
  });
});

describe("a machine's specification fields", () => {
  const definitions = [weight, drive, cab, engine];

  it("start from the stored values; an absent value is an empty field (yes/no neither)", () => {
    expect(
      fieldsOf(definitions, { [weight.uuid]: 22500, [drive.uuid]: id(22), [engine.uuid]: { ro: "Cat C4.4", en: "" } }),
    ).toEqual({
      [weight.uuid]: "22500",
      [drive.uuid]: id(22),
      [cab.uuid]: null,
      [engine.uuid]: { ro: "Cat C4.4", en: "" },
    });
    // A stale option (removed meanwhile) shows no choice.
    expect(fieldsOf([drive], { [drive.uuid]: id(99) })).toEqual({ [drive.uuid]: "" });
  });

  it("become the API's values: empty fields send nothing, yes/no once given", () => {
    const fields = {
      [weight.uuid]: "22 500,5",
      [drive.uuid]: "",
      [cab.uuid]: true,
      [engine.uuid]: { ro: " ", en: " " },
    };
    expect(valuesOf(definitions, fields)).toEqual({ [weight.uuid]: 22500.5, [cab.uuid]: true });
    expect(valuesOf([cab], {})).toEqual({});
    expect(valuesOf([cab], { [cab.uuid]: null })).toEqual({});
    expect(valuesOf([cab], { [cab.uuid]: false })).toEqual({ [cab.uuid]: false });
  });

  it("say which number cannot be read", () => {
    expect(readField(weight, "22.500")).toEqual({ kind: "unreadable", ambiguous: true });
    expect(readField(weight, "douazeci")).toEqual({ kind: "unreadable", ambiguous: false });
    expect(valuesOf([weight], { [weight.uuid]: "douazeci" })).toEqual({});
  });

  it("are checked by the shared rule, with the ambiguous number's own message", () => {
    expect(fieldIssue(weight, "22.500", "ambiguous")).toBe("ambiguous");
    expect(fieldIssue(weight, "douazeci", "ambiguous")).toBe("INVALID_PRODUCT_SPECIFICATION_NUMBER");
    expect(fieldIssue(weight, "1,2345", "ambiguous")).toBe("INVALID_PRODUCT_SPECIFICATION_NUMBER");
    expect(fieldIssue(weight, "2 000 000 000", "ambiguous")).toBe("PRODUCT_SPECIFICATION_OUT_OF_RANGE");
    expect(fieldIssue(weight, "1,234", "ambiguous")).toBeNull();
    expect(fieldIssue(weight, "", "ambiguous")).toBeNull();
    expect(fieldIssue(engine, { ro: "", en: "Cat C4.4" }, "ambiguous")).toBe("INVALID_PRODUCT_SPECIFICATION_TEXT");
    expect(fieldIssue(engine, { ro: "x".repeat(121), en: "" }, "ambiguous")).toBe("INVALID_PRODUCT_SPECIFICATION_TEXT");
    expect(fieldIssue(drive, id(22), "ambiguous")).toBeNull();
  });
});

describe("values carried to another category", () => {
  const otherWeight = spec(11, { name: "masa operationala", kind: "number", unit: "kg" });
  const weightInTonnes = spec(12, { name: "Masă operațională", kind: "number", unit: "t" });
  const otherDrive = spec(13, {
    name: "Tip deplasare",
    kind: "choice",
    options: [
      { uuid: id(31), key: "roti", name: "Roti", name_en: "Wheels" },
      { uuid: id(32), key: "pneuri", name: "Pneuri", name_en: "" },
    ],
  });

  it("go to the same-named specification of the same kind and unit, whatever the case and diacritics", () => {
    const values = { [weight.uuid]: 22500, [cab.uuid]: true };
    expect(carryValues([weight, cab], [otherWeight], values)).toEqual({
      carried: { [otherWeight.uuid]: 22500 },
      dropped: [cab],
    });
  });

  it("are dropped when the unit differs", () => {
    expect(carryValues([weight], [weightInTonnes], { [weight.uuid]: 22500 })).toEqual({
      carried: {},
      dropped: [weight],
    });
  });

  it("carry a choice to the option of the same name, or drop it", () => {
    expect(carryValues([drive], [otherDrive], { [drive.uuid]: id(22) })).toEqual({
      carried: { [otherDrive.uuid]: id(31) },
      dropped: [],
    });
    expect(carryValues([drive], [otherDrive], { [drive.uuid]: id(21) })).toEqual({ carried: {}, dropped: [drive] });
  });

  it("leave specifications without a value out of the dropped ones", () => {
    expect(carryValues([weight, cab], [], { [weight.uuid]: 1 }).dropped).toEqual([weight]);
  });
});

describe("a category's specifications in its form", () => {
  it("come from the reply and go back as the payload, keys left out", () => {
    const drafts = draftsOf([weight, drive, cab]);
    expect(specificationsPayload(drafts)).toEqual([
      { uuid: weight.uuid, name: weight.name, name_en: "", kind: "number", unit: "kg", on_card: false, filter: false },
      {
        uuid: drive.uuid,
        name: drive.name,
        name_en: "",
        kind: "choice",
        options: [
          { uuid: id(21), name: "șenile", name_en: "tracks" },
          { uuid: id(22), name: "roți", name_en: "wheels" },
        ],
        on_card: false,
        filter: false,
      },
      { uuid: cab.uuid, name: cab.name, name_en: "", kind: "yes_no", on_card: false, filter: false },
    ]);
  });

  it("send a new specification without a uuid, under a key of its own", () => {
    const [first, second] = [newSpecification(), newSpecification()];
    expect(first.key).not.toBe(second.key);
    expect(specificationsPayload([first])).toEqual([
      { name: "", name_en: "", kind: "number", unit: null, on_card: false, filter: false },
    ]);
  });

  it("change kind: a choice starts with two empty options, other kinds lose the unit and the options", () => {
    const choice = withKind({ ...newSpecification(), unit: "kg" }, "choice");
    expect(choice.unit).toBeNull();
    expect(choice.options.map((option) => option.name)).toEqual(["", ""]);
    expect(withKind(choice, "yes_no").options).toEqual([]);
    const [stored] = draftsOf([drive]);
    if (!stored) throw new Error("no draft");
    expect(withKind(stored, "choice").options).toBe(stored.options);
  });

  it("put at most three on the cards", () => {
    const drafts = draftsOf([weight, drive, cab, engine].map((each, index) => ({ ...each, on_card: index < 3 })));
    expect(mayShowOnCard(drafts, 0)).toBe(true);
    expect(mayShowOnCard(drafts, 3)).toBe(false);
    expect(
      mayShowOnCard(
        drafts.map((draft, index) => ({ ...draft, on_card: index < 2 })),
        3,
      ),
    ).toBe(true);
  });
});

describe("the question before a category's save changes machines' values", () => {
  it("counts the machines once and names them per specification", () => {
    const refusal = {
      code: "SPECIFICATION_VALUES_AFFECTED",
      message: "…",
      affected: [
        {
          uuid: id(5),
          name: "Adâncime de săpare",
          change: "removed",
          products: [
            { uuid: id(1), model: "CAT 320" },
            { uuid: id(2), model: "Komatsu PC210" },
          ],
        },
        {
          uuid: id(6),
          name: "Tip deplasare",
          change: "options_removed",
          products: [{ uuid: id(1), model: "CAT 320" }],
        },
      ],
    };
    expect(valueChangesQuestion(affectedSpecifications(refusal))).toEqual({
      title: "Se modifica valori completate la utilaje",
      message:
        "Salvarea sterge sau schimba valorile completate la 2 utilaje: Adâncime de săpare, stearsa (CAT 320, Komatsu PC210); Tip deplasare, optiuni alese sterse (CAT 320). Continuati?",
      confirmLabel: "Da, salvati",
      danger: true,
    });
  });

  it("reads no machines from a refusal that names none", () => {
    expect(affectedSpecifications({ code: "SPECIFICATION_VALUES_AFFECTED" })).toEqual([]);
    expect(affectedSpecifications(undefined)).toEqual([]);
  });

  it("says the count as Romanian does", () => {
    expect([1, 2, 19, 20, 21, 100, 101, 119, 120].map(machinesCount)).toEqual([
      "1 utilaj",
      "2 utilaje",
      "19 utilaje",
      "20 de utilaje",
      "21 de utilaje",
      "100 de utilaje",
      "101 utilaje",
      "119 utilaje",
      "120 de utilaje",
    ]);
  });
});
