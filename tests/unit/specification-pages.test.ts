import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { SpecificationView } from "../../common/specifications/specification-schema.ts";
import {
  cardFigureWriter,
  comparedRows,
  filterFields,
  shownFigures,
} from "../../app/page-data/shown-specifications.server.ts";
import { productProperties } from "../../app/seo/seo.server.ts";

function definition(
  name: string,
  name_en: string,
  kind: SpecificationView["kind"],
  extra: Partial<SpecificationView> = {},
): SpecificationView {
  return {
    uuid: randomUUID(),
    key: name.toLowerCase().replace(/ /g, "-"),
    name,
    name_en,
    kind,
    unit: null,
    options: [],
    on_card: false,
    filter: false,
    ...extra,
  };
}

const tracks = { uuid: randomUUID(), key: "senile", name: "șenile", name_en: "tracks" };
const wheels = { uuid: randomUUID(), key: "roti", name: "roți", name_en: "" };
const weight = definition("Masă operațională", "Operating weight", "number", {
  unit: "kg",
  on_card: true,
  filter: true,
});
const depth = definition("Adâncime de săpare", "Digging depth", "number", { unit: "m", on_card: true, filter: true });
const power = definition("Putere", "Power", "number", { unit: "hp" });
const drive = definition("Rulare", "Undercarriage", "choice", { options: [tracks, wheels], filter: true });
const cab = definition("Cabină închisă", "Closed cab", "yes_no");
const note = definition("Observații", "", "text");
const definitions = [weight, depth, power, drive, cab, note];

const cat320 = {
  [weight.uuid]: 22_500,
  [depth.uuid]: 6.72,
  [power.uuid]: 162,
  [drive.uuid]: tracks.uuid,
  [cab.uuid]: true,
  [note.uuid]: { ro: "Cupă de 1 m³", en: "" },
};

const texts = (figures: { name: { text: string }; value: { text: string } }[]) =>
  figures.map(({ name, value }) => `${name.text}: ${value.text}`);

describe("shownFigures", () => {
  it("writes every value in the page's language, numbers with its separators and units", () => {
    expect(texts(shownFigures(definitions, cat320, "ro"))).toEqual([
      "Masă operațională: 22.500\u00a0kg",
      "Adâncime de săpare: 6,72\u00a0m",
      "Putere: 162\u00a0CP",
      "Rulare: șenile",
      "Cabină închisă: Da",
      "Observații: Cupă de 1 m³",
    ]);
    expect(texts(shownFigures(definitions, cat320, "en"))).toEqual([
      "Operating weight: 22,500\u00a0kg",
      "Digging depth: 6.72\u00a0m",
      "Power: 162\u00a0hp",
      "Undercarriage: tracks",
      "Closed cab: Yes",
      "Observații: Cupă de 1 m³",
    ]);
  });

  it("marks Romanian where the English is not written, and leaves out missing and stale values", () => {
    const figures = shownFigures(
      definitions,
      { [drive.uuid]: wheels.uuid, [cab.uuid]: "yes", [weight.uuid]: 5_500 },
      "en",
    );
    expect(figures.map((figure) => [figure.key, figure.value])).toEqual([
      [weight.key, { text: "5,500\u00a0kg", lang: "en" }],
      [drive.key, { text: "roți", lang: "ro" }],
    ]);
  });

  it("gives a card only the figures chosen for cards", () => {
    expect(texts(cardFigureWriter(definitions, "ro")(cat320))).toEqual([
      "Masă operațională: 22.500\u00a0kg",
      "Adâncime de săpare: 6,72\u00a0m",
    ]);
  });

  it("gives every card of a page the same name objects, and the same figure for the same value, so the page's data carries each once", () => {
    const write = cardFigureWriter(definitions, "en");
    const [first, second] = [write(cat320), write({ [weight.uuid]: 5_500, [depth.uuid]: 6.72 })];
    expect(texts(second)).toEqual(["Operating weight: 5,500\u00a0kg", "Digging depth: 6.72\u00a0m"]);
    expect(second[0].name).toBe(first[0].name);
    expect(second[0]).not.toBe(first[0]);
    expect(second[1]).toBe(first[1]);
  });
});

describe("filterFields", () => {
  const machines = [{ values: { [weight.key]: 22_500, [depth.key]: 6.72 } }, { values: { [weight.key]: 5_500 } }];

  it("bounds each number by the category's smallest and largest value, in the page's language", () => {
    const [weightField, depthField, driveField, ...rest] = filterFields(definitions, machines, "ro");
    expect(weightField).toMatchObject({
      key: weight.key,
      kind: "number",
      unit: "kg",
      bounds: { min: 5_500, max: 22_500, text: { min: "5.500", max: "22.500" } },
    });
    // Only one machine has a depth: its bounds are that value.
    expect(depthField).toMatchObject({
      key: depth.key,
      bounds: { min: 6.72, max: 6.72, text: { min: "6,72", max: "6,72" } },
    });
    expect(driveField).toMatchObject({
      key: drive.key,
      kind: "choice",
      options: ["senile", "roti"],
      optionNames: [{ text: "șenile" }, { text: "roți" }],
    });
    expect(rest).toEqual([]);
  });

  it("does not offer a number filter no machine has a value for", () => {
    expect(filterFields(definitions, [], "en").map((field) => field.key)).toEqual([drive.key]);
  });
});

describe("comparedRows", () => {
  it("puts the same figure of two categories in one row, marks rows that differ, and keeps a missing value apart", () => {
    const otherWeight = definition("masă operațională", "Weight", "number", { unit: "kg" });
    const reach = definition("Rază de acțiune", "Reach", "number", { unit: "m" });
    const rows = comparedRows(
      [
        { definitions, values: cat320 },
        { definitions, values: { ...cat320, [depth.uuid]: 6.5 } },
        { definitions: [otherWeight, reach], values: { [otherWeight.uuid]: 22_500, [reach.uuid]: 9 } },
      ],
      "en",
    );
    const byName = Object.fromEntries(
      rows.map((row) => [row.name.text, [row.values.map((value) => value?.text ?? null), row.differs]]),
    );
    expect(byName["Operating weight"]).toEqual([["22,500\u00a0kg", "22,500\u00a0kg", "22,500\u00a0kg"], false]);
    expect(byName["Digging depth"]).toEqual([["6.72\u00a0m", "6.5\u00a0m", null], true]);
    expect(byName.Reach).toEqual([[null, null, "9\u00a0m"], true]);
    expect(rows.map((row) => row.name.text)).toEqual([
      "Operating weight",
      "Digging depth",
      "Power",
      "Undercarriage",
      "Closed cab",
      "Observații",
      "Reach",
    ]);
  });

  it("leaves out a specification none of the machines has a value for", () => {
    expect(comparedRows([{ definitions, values: { [power.uuid]: 100 } }], "ro").map((row) => row.name.text)).toEqual([
      "Putere",
    ]);
  });
});

describe("productProperties (JSON-LD additionalProperty)", () => {
  it("gives numbers with their UN/CEFACT unit code, yes/no as a boolean, options and texts as text", () => {
    expect(productProperties(definitions, cat320, "en")).toEqual([
      { "@type": "PropertyValue", name: "Operating weight", value: 22_500, unitCode: "KGM", unitText: "kg" },
      { "@type": "PropertyValue", name: "Digging depth", value: 6.72, unitCode: "MTR", unitText: "m" },
      { "@type": "PropertyValue", name: "Power", value: 162, unitCode: "HJ", unitText: "hp" },
      { "@type": "PropertyValue", name: "Undercarriage", value: "tracks" },
      { "@type": "PropertyValue", name: "Closed cab", value: true },
      { "@type": "PropertyValue", name: "Observații", value: "Cupă de 1 m³" },
    ]);
  });

  it("names them in Romanian on a Romanian page and gives a plain count no unit", () => {
    const count = definition("Număr de roți", "Wheels", "number");
    expect(productProperties([weight, count], { [weight.uuid]: 1_900, [count.uuid]: 4 }, "ro")).toEqual([
      { "@type": "PropertyValue", name: "Masă operațională", value: 1_900, unitCode: "KGM", unitText: "kg" },
      { "@type": "PropertyValue", name: "Număr de roți", value: 4 },
    ]);
  });
});
