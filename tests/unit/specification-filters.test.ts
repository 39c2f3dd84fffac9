import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { SpecificationView } from "../../common/specifications/specification-schema.ts";
import {
  NO_FILTERS,
  filterParameterNames,
  filterSpecifications,
  isFiltered,
  parseFilters,
} from "../../common/specifications/filter-address.ts";
import {
  applyFilters,
  filterValuesOf,
  valueBounds,
  type FilterValues,
} from "../../common/specifications/filter-match.ts";

function definition(
  key: string,
  kind: SpecificationView["kind"],
  extra: Partial<SpecificationView> = {},
): SpecificationView {
  return {
    uuid: randomUUID(),
    key,
    name: key,
    name_en: "",
    kind,
    unit: null,
    options: [],
    on_card: false,
    filter: true,
    ...extra,
  };
}

const option = (key: string) => ({ uuid: randomUUID(), key, name: key, name_en: "" });

const weight = definition("masa", "number", { unit: "kg" });
const depth = definition("adancime", "number", { unit: "m" });
const wheels = option("roti");
const drive = definition("rulare", "choice", { options: [option("senile"), wheels, option("mixt")] });
const cab = definition("cabina", "yes_no");
const notes = definition("observatii", "text");
const hidden = definition("culoare", "number", { filter: false });
const specifications = [weight, depth, drive, cab, notes, hidden];
const offered = filterSpecifications(specifications);

const machine = (model: string, values: FilterValues) => ({ model, values });
const machines = [
  machine("CAT 320", { masa: 22_500, adancime: 6.72, rulare: "senile", cabina: true }),
  machine("Kubota KX057-5", { masa: 5_500, adancime: 3.8, rulare: "senile", cabina: true }),
  machine("Bobcat E19", { masa: 1_900, adancime: 2.5, rulare: "senile", cabina: false }),
  machine("JCB 4CX", { masa: 8_000, rulare: "roti", cabina: true }),
];
const models = (list: readonly { model: string }[]) => list.map((each) => each.model);
const parse = (query: string) => parseFilters(new URLSearchParams(query), offered);

describe("filterSpecifications", () => {
  it("offers the specifications marked as filters, texts never, choices by their option keys", () => {
    expect(offered).toEqual([
      { key: "masa", kind: "number", options: [] },
      { key: "adancime", kind: "number", options: [] },
      { key: "rulare", kind: "choice", options: ["senile", "roti", "mixt"] },
      { key: "cabina", kind: "yes_no", options: [] },
    ]);
  });
});

describe("filterValuesOf", () => {
  it("keys a machine's values by specification key, a choice by its option key, and drops texts and values of the wrong kind", () => {
    const values = {
      [weight.uuid]: 5_500,
      [drive.uuid]: wheels.uuid,
      [cab.uuid]: false,
      [notes.uuid]: { ro: "x", en: "" },
      [depth.uuid]: "3.8",
    };
    expect(filterValuesOf(specifications, values)).toEqual({ masa: 5_500, rulare: "roti", cabina: false });
  });

  it("leaves out a choice whose option is gone", () => {
    expect(filterValuesOf(specifications, { [drive.uuid]: randomUUID() })).toEqual({});
  });
});

describe("parseFilters", () => {
  it("reads ranges, choices, yes/no and the sort the contract's way", () => {
    expect(parse("masa-max=6000&adancime-min=3.5&rulare=senile&rulare=mixt&cabina=1&sort=-masa")).toEqual({
      ranges: { masa: { min: null, max: 6000 }, adancime: { min: 3.5, max: null } },
      choices: { rulare: ["senile", "mixt"] },
      yesNo: { cabina: true },
      sort: { key: "masa", descending: true },
      free: null,
    });
  });

  it("takes a decimal comma as a Romanian visitor types it", () => {
    expect(parse("adancime-min=3,5").ranges).toEqual({ adancime: { min: 3.5, max: null } });
  });

  it("takes thousands grouped as the pages write them, in either language, with or without decimals", () => {
    const read = (value: string) => parse(`masa-max=${encodeURIComponent(value)}`).ranges.masa?.max;
    for (const [typed, value] of [
      ["6.000", 6000],
      ["6,000", 6000],
      ["6 000", 6000],
      ["6\u00a0000", 6000],
      ["22.500", 22500],
      ["1.234.567", 1234567],
      ["22.500,5", 22500.5],
      ["22,500.25", 22500.25],
      ["0.500", 0.5],
      ["3.81", 3.81],
      ["6000", 6000],
    ] as const) {
      expect(read(typed), typed).toBe(value);
    }
    for (const typed of ["1.000.5", "6.00.000", "6 00", "6 000,5 0"]) expect(read(typed), typed).toBeUndefined();
  });

  it("ignores what is empty, malformed or not offered, and never throws", () => {
    for (const query of [
      "",
      "masa-min=&masa-max=",
      "masa-min=abc&masa-max=1e3&adancime-min=--1&adancime-max=3.5.1",
      "rulare=elicopter&cabina=da&cabina=",
      "culoare-min=1&observatii=x&necunoscut-max=3",
      "sort=rulare&sort=",
      "sort=-",
      "%E0%A4%A=1&masa-min=%ZZ",
    ]) {
      expect(parse(query), query).toEqual(NO_FILTERS);
    }
  });

  it("sorts ascending by a number's key", () => {
    expect(parse("sort=adancime").sort).toEqual({ key: "adancime", descending: false });
  });
});

describe("isFiltered", () => {
  it("is true for any filter or an order, false for none", () => {
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered(parse("cabina=0"))).toBe(true);
    expect(isFiltered(parse("sort=masa"))).toBe(true);
    expect(isFiltered(parse("utm_source=x&fbclid=abc"))).toBe(false);
  });
});

describe("filterParameterNames", () => {
  it("names the parameters a category's page reads: two per number, one per choice and yes/no, the sort and the free range", () => {
    expect([...filterParameterNames(offered)].sort()).toEqual(
      [
        "adancime-max",
        "adancime-min",
        "cabina",
        "masa-max",
        "masa-min",
        "rulare",
        "sort",
        "liber-de",
        "liber-pana",
      ].sort(),
    );
  });

  it("has no sort without a number to sort by", () => {
    expect([...filterParameterNames(filterSpecifications([drive]))]).toEqual(["rulare", "liber-de", "liber-pana"]);
  });
});

describe("applyFilters", () => {
  it("leaves the excavators under 6 t digging at least 3.5 m", () => {
    expect(models(applyFilters(machines, parse("masa-max=6000&adancime-min=3.5")))).toEqual(["Kubota KX057-5"]);
  });

  it("keeps the bounds themselves", () => {
    expect(models(applyFilters(machines, parse("masa-min=5500&masa-max=8000")))).toEqual(["Kubota KX057-5", "JCB 4CX"]);
  });

  it("leaves out a machine without a value for a filtered specification", () => {
    expect(models(applyFilters(machines, parse("adancime-max=100")))).toEqual([
      "CAT 320",
      "Kubota KX057-5",
      "Bobcat E19",
    ]);
  });

  it("passes any asked option of a choice, and filters by yes and by no", () => {
    expect(models(applyFilters(machines, parse("rulare=roti&rulare=mixt")))).toEqual(["JCB 4CX"]);
    expect(models(applyFilters(machines, parse("cabina=0")))).toEqual(["Bobcat E19"]);
    expect(models(applyFilters(machines, parse("cabina=1&rulare=senile")))).toEqual(["CAT 320", "Kubota KX057-5"]);
  });

  it("sorts by a number both ways, machines without it last, equals in the category's order", () => {
    expect(models(applyFilters(machines, parse("sort=adancime")))).toEqual([
      "Bobcat E19",
      "Kubota KX057-5",
      "CAT 320",
      "JCB 4CX",
    ]);
    expect(models(applyFilters(machines, parse("sort=-adancime")))).toEqual([
      "CAT 320",
      "Kubota KX057-5",
      "Bobcat E19",
      "JCB 4CX",
    ]);
    const equal = [machine("A", { masa: 1 }), machine("B", {}), machine("C", { masa: 1 }), machine("D", { masa: 0 })];
    expect(models(applyFilters(equal, parse("sort=masa")))).toEqual(["D", "A", "C", "B"]);
  });

  it("returns every machine, in order, without filters, and a new array", () => {
    const all = applyFilters(machines, NO_FILTERS);
    expect(all).toEqual(machines);
    expect(all).not.toBe(machines);
  });
});

describe("valueBounds", () => {
  it("is the smallest and largest value among the machines that have one", () => {
    expect(valueBounds(machines, "adancime")).toEqual({ min: 2.5, max: 6.72 });
    expect(valueBounds(machines, "necunoscut")).toBeNull();
  });
});
