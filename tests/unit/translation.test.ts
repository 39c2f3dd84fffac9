import { describe, expect, it } from "vitest";
import { shownText } from "../../common/language/english-fallback.ts";
import { productTranslation, translationState } from "../../common/language/translation-state.ts";

describe("shownText", () => {
  it("shows the English when it is written and English is asked for", () => {
    expect(shownText("Excavatoare", "Excavators", "en")).toEqual({ text: "Excavators", lang: "en" });
  });

  it("falls back to the Romanian, marked as such, when the English is empty or blank", () => {
    expect(shownText("Excavatoare", "", "en")).toEqual({ text: "Excavatoare", lang: "ro" });
    expect(shownText("Excavatoare", "  ", "en")).toEqual({ text: "Excavatoare", lang: "ro" });
  });

  it("shows the Romanian on a Romanian page whatever the English", () => {
    expect(shownText("Excavatoare", "Excavators", "ro")).toEqual({ text: "Excavatoare", lang: "ro" });
  });
});

describe("translationState", () => {
  it("is complete, partial or missing by the fields that have English", () => {
    expect(
      translationState([
        ["a", "A"],
        ["b", "B"],
      ]),
    ).toBe("complete");
    expect(
      translationState([
        ["a", "A"],
        ["b", ""],
      ]),
    ).toBe("partial");
    expect(
      translationState([
        ["a", ""],
        ["b", " "],
      ]),
    ).toBe("missing");
  });

  it("asks no English of a field without Romanian", () => {
    expect(
      translationState([
        ["a", "A"],
        ["", ""],
      ]),
    ).toBe("complete");
  });

  it("reads a product's three rich texts", () => {
    const product = {
      header_offer: "<p>o</p>",
      header_offer_en: "<p>O</p>",
      details: "<p>d</p>",
      details_en: "",
      technical_data: "<p>t</p>",
      technical_data_en: "",
    };
    expect(productTranslation(product)).toBe("partial");
  });
});
