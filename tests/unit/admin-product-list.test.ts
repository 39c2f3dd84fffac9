import { describe, expect, it } from "vitest";
import { moveItem } from "../../app/admin/pictures/picture-list.ts";
import { ALL_CATEGORIES, filterProducts, isUncategorised } from "../../app/admin/products/product-filter.ts";

const products = [
  { uuid: "1", model: "CAT 320", category: "Excavatoare" },
  { uuid: "2", model: "Bomag BW 120", category: "Compactoare" },
  { uuid: "3", model: "Catalina X", category: "Necunoscut" },
];

describe("the product list's filters (spec §2, §9)", () => {
  it("shows every product for 'Toate categoriile' and an empty search", () => {
    expect(filterProducts(products, ALL_CATEGORIES, "")).toEqual(products);
  });

  it("keeps one category", () => {
    expect(filterProducts(products, "Compactoare", "").map((p) => p.uuid)).toEqual(["2"]);
  });

  it("searches the model as a case-insensitive substring, the category filter still applying", () => {
    expect(filterProducts(products, ALL_CATEGORIES, "cat").map((p) => p.uuid)).toEqual(["1", "3"]);
    expect(filterProducts(products, ALL_CATEGORIES, "  BW 1 ").map((p) => p.uuid)).toEqual(["2"]);
    expect(filterProducts(products, "Excavatoare", "catalina")).toEqual([]);
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
