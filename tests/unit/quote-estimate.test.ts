import { describe, expect, it } from "vitest";
import { NO_PRICES, type ProductPrices } from "../../common/pricing/machine-prices.ts";
import { estimateLine, estimateTotal } from "../../common/pricing/quote-estimate.ts";

/** The quote list's estimate (decision 093): the pricing rule per line, the operator per day asked, the total. */

const PRICES: ProductPrices = {
  day: 45_000,
  week: 250_000,
  month: 800_000,
  deposit: 100_000,
  operator_day: 30_000,
  minimum_days: 2,
  on_request: false,
};

describe("estimateLine", () => {
  it("prices the days by the rule, with the cheapest cover", () => {
    expect(estimateLine(PRICES, { days: 3, units: 1, operator: false })).toEqual({ amount: 135_000, chargedDays: 3 });
    // Six days at 450 cost more than a 2 500 week: the week is charged.
    expect(estimateLine(PRICES, { days: 6, units: 1, operator: false })).toEqual({ amount: 250_000, chargedDays: 6 });
    expect(estimateLine(PRICES, { days: 30, units: 1, operator: false })).toEqual({ amount: 800_000, chargedDays: 30 });
  });

  it("raises the days to the minimum, adds the operator for the days asked and multiplies by the units", () => {
    expect(estimateLine(PRICES, { days: 1, units: 1, operator: false })).toEqual({ amount: 90_000, chargedDays: 2 });
    expect(estimateLine(PRICES, { days: 3, units: 1, operator: true })).toEqual({
      amount: 135_000 + 90_000,
      chargedDays: 3,
    });
    expect(estimateLine(PRICES, { days: 3, units: 2, operator: true })).toEqual({
      amount: 2 * 225_000,
      chargedDays: 3,
    });
    // No operator's rate: the operator is not estimated, never counted as free of a price it has not.
    expect(estimateLine({ ...PRICES, operator_day: null }, { days: 3, units: 1, operator: true })).toEqual({
      amount: 135_000,
      chargedDays: 3,
    });
  });

  it("multiplies by the units chosen, reads none chosen as one, and has no amount for units that are not a count", () => {
    expect(estimateLine(PRICES, { days: 6, units: 3, operator: false })).toEqual({ amount: 750_000, chargedDays: 6 });
    expect(estimateLine(PRICES, { days: 3, units: null, operator: false })).toEqual({
      amount: 135_000,
      chargedDays: 3,
    });
    for (const units of [0, -2, 1.5])
      expect(estimateLine(PRICES, { days: 3, units, operator: false }), String(units)).toEqual({ missing: "units" });
    // Days are asked for first: without them the line waits for them whatever its units.
    expect(estimateLine(PRICES, { days: null, units: 0, operator: false })).toEqual({ missing: "days" });
  });

  it("never adds the deposit", () => {
    const line = estimateLine({ ...PRICES, deposit: 999_999 }, { days: 2, units: 1, operator: false });
    expect(line).toEqual({ amount: 90_000, chargedDays: 2 });
  });

  it("has no amount without days, or for a machine on request, hidden or without a day rate", () => {
    expect(estimateLine(PRICES, { days: null, units: 1, operator: false })).toEqual({ missing: "days" });
    expect(estimateLine(PRICES, { days: 0, units: 1, operator: false })).toEqual({ missing: "days" });
    expect(estimateLine(PRICES, { days: 2.5, units: 1, operator: false })).toEqual({ missing: "days" });
    expect(estimateLine({ ...NO_PRICES, on_request: true }, { days: 3, units: 1, operator: false })).toEqual({
      missing: "price",
    });
    expect(estimateLine(undefined, { days: 3, units: 1, operator: false })).toEqual({ missing: "price" });
    expect(estimateLine(NO_PRICES, { days: 3, units: 1, operator: false })).toEqual({ missing: "price" });
  });
});

describe("estimateTotal", () => {
  it("adds the lines that have an amount, none when none has", () => {
    expect(estimateTotal([{ amount: 100, chargedDays: 1 }, { missing: "days" }, { amount: 250, chargedDays: 3 }])).toBe(
      350,
    );
    expect(estimateTotal([{ missing: "price" }])).toBeNull();
    expect(estimateTotal([])).toBeNull();
  });
});
