import { describe, expect, it } from "vitest";
import { moveItem } from "../../app/admin/pictures/picture-list.ts";
import {
  ALL_CATEGORIES,
  filterProducts,
  isUncategorised,
  type ProductFilters,
} from "../../app/admin/products/product-filter.ts";
import { ANY_TRANSLATION } from "../../app/admin/translation/translation-filter.ts";

const romanian = { header_offer: "<p>Oferta</p>", details: "<p>Detalii</p>", technical_data: "<p>Date</p>" };
const untranslated = { ...romanian, header_offer_en: "", details_en: "", technical_data_en: "" };
const translated = {
  ...romanian,
  header_offer_en: "<p>Offer</p>",
  details_en: "<p>Details</p>",
  technical_data_en: "<p>Data</p>",
};

const products = [
  { uuid: "1", model: "CAT 320", category: "Excavatoare", ...translated },
  { uuid: "2", model: "Bomag BW 120", category: "Compactoare", ...untranslated },
  { uuid: "3", model: "Catalina X", category: "Necunoscut", ...translated, details_en: "" },
];

const all: ProductFilters = { category: ALL_CATEGORIES, search: "", translation: ANY_TRANSLATION };
const uuids = (filters: Partial<ProductFilters>) =>
  filterProducts(products, { ...all, ...filters }).map((product) => product.uuid);

describe("the product list's filters (spec §2, §9)", () => {
  it("shows every product for 'Toate categoriile', every translation state and an empty search", () => {
    expect(filterProducts(products, all)).toEqual(products);
  });

  it("keeps one category", () => {
    expect(uuids({ category: "Compactoare" })).toEqual(["2"]);
  });

  it("searches the model as a case-insensitive substring, the category filter still applying", () => {
    expect(uuids({ search: "cat" })).toEqual(["1", "3"]);
    expect(uuids({ search: "  BW 1 " })).toEqual(["2"]);
    expect(uuids({ category: "Excavatoare", search: "catalina" })).toEqual([]);
  });

  it("keeps one translation state: every English text, some, none", () => {
    expect(uuids({ translation: "complete" })).toEqual(["1"]);
    expect(uuids({ translation: "partial" })).toEqual(["3"]);
    expect(uuids({ translation: "missing" })).toEqual(["2"]);
  });

  it("combines the translation state with the category and the model search", () => {
    expect(uuids({ search: "cat", translation: "complete" })).toEqual(["1"]);
    expect(uuids({ category: "Excavatoare", translation: "missing" })).toEqual([]);
    expect(uuids({ category: "Necunoscut", search: "X", translation: "partial" })).toEqual(["3"]);
  });

  it("marks products of a deleted category", () => {
    expect(products.map(isUncategorised)).toEqual([false, false, true]);
  });
});

describe("reordering pictures", () => {
  it("moves one picture and keeps the others in order", () => {
    expect(moveItem(["a", "b", "c", "d"], 0, 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveItem(["a", "b", "c", "d"], 3, 0)).toEqual(["d", "a", "b", "c"]);
  });

  it("leaves the list as it is for a move out of range", () => {
    expect(moveItem(["a", "b"], 0, 5)).toEqual(["a", "b"]);
    expect(moveItem(["a", "b"], -1, 0)).toEqual(["a", "b"]);
  });
});
