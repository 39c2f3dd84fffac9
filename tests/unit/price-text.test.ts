import { describe, expect, it } from "vitest";
import { NO_PRICES, type ProductPrices } from "../../common/pricing/machine-prices.ts";
import type { PriceSettings } from "../../common/pricing/price-settings.ts";
import {
  PRICE_TEXTS,
  daysText,
  fromPriceText,
  priceText,
  shownPrices,
  unitsText,
} from "../../common/pricing/price-text.ts";

/** The public side's amounts and price texts (decision 093): one writer, both languages, both currencies. */

const RON: PriceSettings = { currency: "RON", vatRate: 2100, shown: true };
const EUR: PriceSettings = { currency: "EUR", vatRate: 950, shown: true };
const PRICES: ProductPrices = {
  day: 45_000,
  week: 225_000,
  month: 810_050,
  deposit: 150_000,
  operator_day: 40_000,
  minimum_days: 2,
  on_request: false,
};

describe("priceText", () => {
  it.each([
    [45_000, "RON", "ro", "450 lei"],
    [45_000, "RON", "en", "450 lei"],
    [125_050, "RON", "ro", "1.250,50 lei"],
    [125_050, "RON", "en", "1,250.50 lei"],
    [45_000, "EUR", "ro", "450 €"],
    [45_000, "EUR", "en", "€450"],
    [100_000_000_0, "EUR", "en", "€10,000,000"],
    [5, "RON", "ro", "0,05 lei"],
    [0, "RON", "en", "0 lei"],
  ] as const)("%i %s in %s is %s", (minor, currency, locale, text) => {
    expect(priceText(minor, currency, locale)).toBe(text);
  });
});

describe("fromPriceText", () => {
  it("writes the day rate, 'on request', or nothing", () => {
    expect(fromPriceText(PRICES, RON, "ro")).toBe("de la 450 lei/zi + TVA");
    expect(fromPriceText(PRICES, RON, "en")).toBe("from 450 lei/day + VAT");
    expect(fromPriceText(PRICES, EUR, "en")).toBe("from €450/day + VAT");
    expect(fromPriceText({ ...NO_PRICES, on_request: true }, RON, "ro")).toBe("Preț la cerere");
    expect(fromPriceText({ ...NO_PRICES, on_request: true }, RON, "en")).toBe("Price on request");
    expect(fromPriceText(NO_PRICES, RON, "ro")).toBeNull();
  });
});

describe("shownPrices", () => {
  it("lists each rate the machine has, the minimum, the operator and the deposit, never adding it", () => {
    expect(shownPrices(PRICES, RON, "ro")).toEqual({
      heading: "Prețuri",
      lead: "de la 450 lei/zi + TVA",
      rows: [
        { label: "1 zi", value: "450 lei" },
        { label: "1 săptămână (7 zile)", value: "2.250 lei" },
        { label: "1 lună (30 de zile)", value: "8.100,50 lei" },
        { label: "Minimum de închiriere", value: "2 zile" },
        { label: "Operator, pe zi", value: "400 lei" },
        { label: "Garanție", value: "1.500 lei" },
      ],
      notes: [
        "Prețuri fără TVA (21 %). O perioadă mai lungă costă cel mult cât tariful mai lung.",
        "Garanția se returnează și nu se adaugă la preț.",
      ],
    });
  });

  it("leaves out what the machine lacks and writes the VAT rate's decimals", () => {
    const shown = shownPrices({ ...NO_PRICES, day: 10_000 }, EUR, "en");
    expect(shown?.rows).toEqual([{ label: "1 day", value: "€100" }]);
    expect(shown?.notes).toEqual([
      "Prices excluding VAT (9.50 %). A longer rental never costs more than the longer rate.",
    ]);
  });

  it("shows only 'on request' for such a machine, and nothing without a day rate", () => {
    expect(shownPrices({ ...PRICES, on_request: true }, RON, "en")).toEqual({
      heading: "Prices",
      lead: "Price on request",
      rows: [],
      notes: [],
    });
    expect(shownPrices(NO_PRICES, RON, "ro")).toBeNull();
  });
});

describe("counts of days and units", () => {
  const ro = PRICE_TEXTS.ro;
  const en = PRICE_TEXTS.en;
  it.each([
    [1, "1 zi", "1 day"],
    [2, "2 zile", "2 days"],
    [19, "19 zile", "19 days"],
    [20, "20 de zile", "20 days"],
    [100, "100 de zile", "100 days"],
    [101, "101 zile", "101 days"],
    [120, "120 de zile", "120 days"],
  ])("%i days read '%s' and '%s'", (count, romanian, english) => {
    expect(daysText(count, ro)).toBe(romanian);
    expect(daysText(count, en)).toBe(english);
  });

  it("write 'de' before units from 20 on, as before days", () => {
    expect(unitsText(3, ro)).toBe("3 unități");
    expect(unitsText(25, ro)).toBe("25 de unități");
    expect(unitsText(25, en)).toBe("25 units");
  });

  it("give the product page's minimum of 20 days its 'de'", () => {
    const rows = shownPrices({ ...PRICES, minimum_days: 20 }, RON, "ro")?.rows ?? [];
    expect(rows).toContainEqual({ label: "Minimum de închiriere", value: "20 de zile" });
  });
});
