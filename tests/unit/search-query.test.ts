import { describe, expect, it } from "vitest";
import {
  createWordReader,
  figureMatches,
  normalizedQuery,
  parseQuery,
  quantityOf,
  searchWords,
} from "../../common/search/search-query.ts";

describe("the search's reading of a query", () => {
  it("folds case and diacritics, and cuts words at anything but letters and digits", () => {
    expect(searchWords("Săpătură ÎN Șanțuri")).toEqual(["sapatura", "in", "santuri"]);
    expect(searchWords("PC210LC-11")).toEqual(["pc210lc", "11"]);
  });

  it("keeps the log's text folded, one space between words", () => {
    expect(normalizedQuery("  Macara   TURN!! ")).toBe("macara turn");
  });

  it("takes figures with a unit apart from the words, in comparable units", () => {
    expect(parseQuery("nacela 20 m")).toEqual({ words: ["nacela"], figures: [{ measure: "length", value: 20 }] });
    expect(parseQuery("excavator 5t")).toEqual({ words: ["excavator"], figures: [{ measure: "mass", value: 5000 }] });
    expect(parseQuery("1,5 tone")).toEqual({ words: [], figures: [{ measure: "mass", value: 1500 }] });
    expect(parseQuery("110 kW")).toEqual({ words: [], figures: [{ measure: "kw", value: 110 }] });
  });

  it("leaves digits inside a model, or before a word that is no unit, as words", () => {
    expect(parseQuery("pc210").figures).toEqual([]);
    expect(parseQuery("bw 120 ad")).toEqual({ words: ["bw", "120", "ad"], figures: [] });
    expect(parseQuery("kx057").words).toEqual(["kx057"]);
  });

  it("matches a figure within 15 % in the same kind of quantity", () => {
    expect(figureMatches(quantityOf(5, "t"), quantityOf(5700, "kg"))).toBe(true);
    expect(figureMatches(quantityOf(5, "t"), quantityOf(5800, "kg"))).toBe(false);
    expect(figureMatches(quantityOf(20, "m"), quantityOf(20, "kw"))).toBe(false);
  });

  it("reads the words of many texts as searchWords does, each distinct word folded once", () => {
    const read = createWordReader();
    for (const text of [
      "Placă compactoare ușoară, 150 lei/zi + TVA",
      "PC210LC-11 «Komatsu» — 22 000 kg",
      "ȘANTIER\u00a0șantier S‑65 Ωmega ΟΔΟΣ x²",
      "excavator\u0301 naïve",
    ]) {
      expect(read(text), text).toEqual(searchWords(text));
      expect(read(text), text).toEqual(searchWords(text));
    }
  });
});
