import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import type { SpecificationView } from "../../common/specifications/specification-schema.ts";
import { SearchIndex } from "../../server/search/search-index.ts";

/** A small catalogue: two categories with their English names, a weight in kg and a height in m. */
const weight: SpecificationView = {
  uuid: randomUUID(),
  key: "masa",
  name: "Masă",
  name_en: "Weight",
  kind: "number",
  unit: "kg",
  options: [],
  on_card: true,
  filter: false,
};
const height: SpecificationView = {
  uuid: randomUUID(),
  key: "inaltime",
  name: "Înălțime de lucru",
  name_en: "Working height",
  kind: "number",
  unit: "m",
  options: [],
  on_card: true,
  filter: false,
};
const category = (name: string, name_en: string, specifications: SpecificationView[]): CategoryView => ({
  uuid: randomUUID(),
  name,
  name_en,
  slug: name.toLowerCase().replace(/ /g, "-"),
  header_photo: null,
  specifications,
  version: 1,
});
const excavators = category("Excavatoare", "Excavators", [weight]);
const rollers = category("Cilindri compactori", "Road rollers", [weight]);
const lifts = category("Nacele", "Boom lifts", [height]);

function machine(
  model: string,
  of: CategoryView | null,
  offer: string,
  values: Record<string, number> = {},
): ProductView {
  return {
    uuid: randomUUID(),
    model,
    slug: model.toLowerCase().replace(/ /g, "-"),
    category: of?.name ?? "Necunoscut",
    category_en: of?.name_en ?? "",
    category_uuid: of?.uuid ?? null,
    category_slug: of?.slug ?? null,
    units: 1,
    version: 1,
    header_offer: offer,
    details: "",
    technical_data: "",
    header_offer_en: "",
    details_en: "",
    technical_data_en: "",
    header_photo: { image: "/media/x.jpg", alt: "", width: 1, height: 1 },
    gallery: [],
    specifications: values,
  };
}

const products = [
  machine("Komatsu PC210LC-11", excavators, "Excavator pe șenile pentru săpături de fundații.", {
    [weight.uuid]: 22_000,
  }),
  machine("Kubota KX057-5", excavators, "Miniexcavator de <b>5 tone</b>.", { [weight.uuid]: 5_200 }),
  machine("Bomag BW 120 AD-5", rollers, "Cilindru tandem pentru asfalt.", { [weight.uuid]: 2_600 }),
  machine("Genie S-65", lifts, "Nacelă telescopică; lucrări la înălțime lângă un excavator.", { [height.uuid]: 21.8 }),
  machine("JLG 450AJ", lifts, "Nacelă articulată.", { [height.uuid]: 15.7 }),
];
const index = await SearchIndex.build([excavators, rollers, lifts], products);
const models = (query: string) => index.search(query, 10).map((hit) => hit.entry.model);

describe("the catalogue's search index", () => {
  it("finds a model by a word's beginning, whatever the case", () => {
    expect(models("kom")).toEqual(["Komatsu PC210LC-11"]);
    expect(models("KOMATSU")).toEqual(["Komatsu PC210LC-11"]);
  });

  it("finds a model written with or without its spaces and dashes", () => {
    expect(models("pc210")).toEqual(["Komatsu PC210LC-11"]);
    expect(models("kx057")).toEqual(["Kubota KX057-5"]);
    expect(models("KX 057")).toEqual(["Kubota KX057-5"]);
    expect(models("bw120")).toEqual(["Bomag BW 120 AD-5"]);
  });

  it("forgives diacritics and one typo in a word of five letters or more", () => {
    expect(models("sapaturi")).toEqual(["Komatsu PC210LC-11"]);
    expect(models("cilindru")).toEqual(["Bomag BW 120 AD-5"]);
    expect(models("excavatr")).toEqual(expect.arrayContaining(["Komatsu PC210LC-11", "Kubota KX057-5"]));
  });

  it("does not forgive a typo in a short word", () => {
    expect(models("jlx")).toEqual([]);
  });

  it("finds a category by its English name", () => {
    expect(models("road roller")).toEqual(["Bomag BW 120 AD-5"]);
  });

  it("ranks a category match before a match in the texts", () => {
    // The Genie's offer mentions an excavator; the excavators' category comes first.
    const found = models("excavator");
    expect(found.slice(0, 2).sort()).toEqual(["Komatsu PC210LC-11", "Kubota KX057-5"]);
    expect(found.at(-1)).toBe("Genie S-65");
    expect(index.search("excavator", 10).map((hit) => hit.match)).toEqual(["category", "category", "text"]);
  });

  it("checks figures with a unit against the typed values, converting units", () => {
    expect(models("nacela 22 m")).toEqual(["Genie S-65"]);
    expect(models("5 t")).toEqual(["Kubota KX057-5"]);
    expect(models("20 m")).toEqual(["Genie S-65"]);
    expect(models("5200 kg")).toEqual(["Kubota KX057-5"]);
    expect(models("excavator 22 t")).toEqual(["Komatsu PC210LC-11"]);
    expect(models("nacela 30 m")).toEqual([]);
    expect(models("excavator 3 t")).toEqual([]);
  });

  it("finds nothing for a word no machine has, nor for an empty query", () => {
    expect(models("macara")).toEqual([]);
    expect(models("   ")).toEqual([]);
  });
});
