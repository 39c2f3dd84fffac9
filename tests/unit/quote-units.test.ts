import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { quoteItemsSchema } from "../../common/leads/quote-list-schema.ts";
import { QUOTE_UNITS_ON_REQUEST_MAX, isUnitCount, quoteUnitsMaxOf } from "../../common/leads/quote-limits.ts";
import { FLEET_UNITS_MAX } from "../../common/fields/field-rules.ts";
import { PRODUCT_UNITS_MAX } from "../../common/schemas/product.ts";

/** The quote list's units (decision 098): the schema's rule, and the most a machine's fleet allows. */

const product = randomUUID();
const parse = (units: unknown) => quoteItemsSchema.safeParse([{ product, units }]);
const codes = (units: unknown) => {
  const result = parse(units);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`);
};

describe("a quote list item's units", () => {
  it("reads absent or null as one, as every request asked before units could be chosen", () => {
    expect(quoteItemsSchema.parse([{ product }])[0]?.units).toBe(1);
    expect(parse(null).data?.[0]?.units).toBe(1);
    expect(parse(undefined).data?.[0]?.units).toBe(1);
  });

  it("takes a whole number from 1 to the largest fleet", () => {
    expect(parse(1).data?.[0]?.units).toBe(1);
    expect(parse(7).data?.[0]?.units).toBe(7);
    expect(parse(FLEET_UNITS_MAX).data?.[0]?.units).toBe(FLEET_UNITS_MAX);
  });

  it.each([0, -1, 1.5, FLEET_UNITS_MAX + 1, "2", true, [2], { units: 2 }, Number.MAX_SAFE_INTEGER])(
    "refuses %j with INVALID_QUOTE_UNITS at its place",
    (units) => {
      expect(codes(units)).toEqual(["0.units:INVALID_QUOTE_UNITS"]);
    },
  );

  it("reports the units beside the item's other errors", () => {
    expect(
      quoteItemsSchema
        .safeParse([{ product }, { product: randomUUID(), days: 0, units: 0 }])
        .error?.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`),
    ).toEqual(["1.days:INVALID_QUOTE_DAYS", "1.units:INVALID_QUOTE_UNITS"]);
  });
});

describe("the most units of a machine", () => {
  it("is its fleet, or the cap of a machine on request (no fleet)", () => {
    expect(quoteUnitsMaxOf(1)).toBe(1);
    expect(quoteUnitsMaxOf(4)).toBe(4);
    expect(quoteUnitsMaxOf(PRODUCT_UNITS_MAX)).toBe(PRODUCT_UNITS_MAX);
    expect(quoteUnitsMaxOf(0)).toBe(QUOTE_UNITS_ON_REQUEST_MAX);
    expect(QUOTE_UNITS_ON_REQUEST_MAX).toBe(99);
  });

  it("reads a stored count without zod by the same bounds as the schema", () => {
    for (const value of [1, 2, FLEET_UNITS_MAX]) expect(isUnitCount(value), String(value)).toBe(true);
    for (const value of [0, 1.5, FLEET_UNITS_MAX + 1, "3", null, undefined, Number.NaN])
      expect(isUnitCount(value), String(value)).toBe(false);
  });
});
