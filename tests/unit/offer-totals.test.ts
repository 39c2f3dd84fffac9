import { describe, expect, it } from "vitest";
import { lineFigures, offerTotals, percentOf } from "../../common/pricing/offer-totals.ts";

/**
 * An offer's figures (decision 081, § An offer's totals): each line's discount, the offer's discount
 * and VAT rounded once each, half away from zero, in whole minor units.
 */

describe("percentOf", () => {
  it.each([
    [10_000, 1000, 1000],
    [12_345, 2100, 2592], // 2592.45
    [5, 1000, 1], // 0.5 → 1, half away from zero
    [4, 1000, 0], // 0.4 → 0
    [1_000_000_000, 10_000, 1_000_000_000],
    [999, 0, 0],
    [333, 333, 11], // 11.0889
  ])("%d at %d hundredths is %d", (amount, hundredths, expected) => {
    expect(percentOf(amount, hundredths)).toBe(expected);
  });
});

describe("offerTotals", () => {
  it("takes each line's discount, then the offer's off the sum, then VAT on the rest", () => {
    const totals = offerTotals(
      [
        { amount: 500_000, discount: 333 },
        { amount: 18_999, discount: 0 },
        { amount: 50_001, discount: 10_000 },
      ],
      1000,
      2100,
    );
    expect(totals.lines).toEqual([
      { discountAmount: 16_650, total: 483_350 },
      { discountAmount: 0, total: 18_999 },
      { discountAmount: 50_001, total: 0 },
    ]);
    expect(totals).toMatchObject({
      subtotal: 502_349,
      discountAmount: 50_235, // 50 234.9
      net: 452_114,
      vatAmount: 94_944, // 94 943.94
      total: 547_058,
    });
  });

  it("never rounds twice: a figure is the sum of the rounded ones below it", () => {
    for (const discount of [0, 1, 999, 1000, 3333, 10_000])
      for (const vat of [0, 500, 1900, 2100, 10_000]) {
        const lines = [
          { amount: 12_345, discount: 777 },
          { amount: 1, discount: 5000 },
        ];
        const totals = offerTotals(lines, discount, vat);
        expect(totals.subtotal).toBe(lines.map(lineFigures).reduce((sum, line) => sum + line.total, 0));
        expect(totals.net).toBe(totals.subtotal - totals.discountAmount);
        expect(totals.total).toBe(totals.net + totals.vatAmount);
        expect(Number.isInteger(totals.total)).toBe(true);
      }
  });

  it("is all zeros without an amount", () => {
    expect(offerTotals([{ amount: 0, discount: 0 }], 0, 2100)).toMatchObject({ subtotal: 0, total: 0 });
  });
});
