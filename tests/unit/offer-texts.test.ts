import { describe, expect, it } from "vitest";
import { countedText, coverText, percentText } from "../../common/offers/offer-texts.ts";

/** An offer's figures as both the customer's document and the office's screens write them. */

describe("percentText", () => {
  it.each([
    [1000, "ro", "10 %"],
    [950, "ro", "9,5 %"],
    [950, "en", "9.5 %"],
    [2100, "en", "21 %"],
    [1234, "ro", "12,34 %"],
  ] as const)("%d hundredths in %s is %s", (hundredths, language, expected) => {
    expect(percentText(hundredths, language)).toBe(expected);
  });
});

describe("countedText", () => {
  it.each([
    [1, "day", "ro", "1 zi"],
    [3, "day", "ro", "3 zile"],
    [19, "day", "ro", "19 zile"],
    [20, "day", "ro", "20 de zile"],
    [101, "day", "ro", "101 zile"],
    [120, "day", "ro", "120 de zile"],
    [2, "week", "ro", "2 săptămâni"],
    [1, "month", "ro", "1 lună"],
    [20, "day", "en", "20 days"],
    [1, "week", "en", "1 week"],
  ] as const)("%d %s in %s is %s", (count, unit, language, expected) => {
    expect(countedText(count, unit, language)).toBe(expected);
  });
});

describe("coverText", () => {
  it("names the periods charged, longest first, and leaves the empty ones out", () => {
    expect(coverText({ months: 0, weeks: 1, days: 2 }, "ro")).toBe("1 săptămână + 2 zile");
    expect(coverText({ months: 2, weeks: 0, days: 1 }, "en")).toBe("2 months + 1 day");
    expect(coverText({ months: 0, weeks: 0, days: 0 }, "ro")).toBe("");
  });
});
