import { describe, expect, it } from "vitest";
import { productViewSchema } from "../../common/catalogue/catalogue-views.ts";
import { PRODUCT_TEXTS, PRODUCT_TEXT_FIELDS, englishOf, productTextsOf } from "../../common/language/product-texts.ts";
import { productCreateSchema } from "../../common/schemas/product.ts";

/** The one list of a product's translatable texts, held against the schemas that carry them. */
describe("a product's translatable texts", () => {
  it("are the three rich texts, then their English, in the form's order", () => {
    expect(PRODUCT_TEXT_FIELDS).toEqual([
      "header_offer",
      "details",
      "technical_data",
      "header_offer_en",
      "details_en",
      "technical_data_en",
    ]);
    expect(PRODUCT_TEXTS.map(englishOf)).toEqual(PRODUCT_TEXT_FIELDS.slice(PRODUCT_TEXTS.length));
  });

  it.each([
    ["the product's payload", Object.keys(productCreateSchema.shape)],
    ["the product's reply", Object.keys(productViewSchema.shape)],
  ])("name every English field of %s, so a new one cannot be left out of the list", (_name, fields) => {
    for (const field of PRODUCT_TEXT_FIELDS) expect(fields).toContain(field);
    // category_en is the category's name, a text of the category's own.
    const english = fields.filter((field) => field.endsWith("_en") && field !== "category_en");
    expect(english.length).toBe(PRODUCT_TEXTS.length);
    expect(english.every((field) => (PRODUCT_TEXT_FIELDS as readonly string[]).includes(field))).toBe(true);
  });

  it("are read from a row alone, in the list's order", () => {
    const row = {
      id: "x",
      technical_data_en: "6",
      header_offer: "1",
      details: "2",
      technical_data: "3",
      header_offer_en: "4",
      details_en: "5",
      model: "M",
    };
    const texts = productTextsOf(row);
    expect(Object.keys(texts)).toEqual(PRODUCT_TEXT_FIELDS);
    expect(Object.values(texts)).toEqual(["1", "2", "3", "4", "5", "6"]);
  });
});
