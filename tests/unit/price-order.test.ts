import { describe, expect, it } from "vitest";
import {
  PRICE_SORT_KEY,
  filterParameterNames,
  isFreeFilterKey,
  parseFilters,
  type FilterSpecification,
} from "../../common/specifications/filter-address.ts";
import { applyFilters, type FilterValues } from "../../common/specifications/filter-match.ts";

/** The category page's order by the day rate (decision 093): an order, not a filter; unpriced machines last. */

const PRICE: FilterSpecification = { key: PRICE_SORT_KEY, kind: "order", options: [] };
const machines: { uuid: string; values: FilterValues }[] = [
  { uuid: "a", values: { [PRICE_SORT_KEY]: 90_000 } },
  { uuid: "b", values: {} },
  { uuid: "c", values: { [PRICE_SORT_KEY]: 45_000 } },
  { uuid: "d", values: { [PRICE_SORT_KEY]: 120_000 } },
];
const order = (search: string, offered: FilterSpecification[]) =>
  applyFilters(machines, parseFilters(new URLSearchParams(search), offered)).map((machine) => machine.uuid);

describe("the order by price", () => {
  it("orders by the day rate either way, machines without a shown price last", () => {
    expect(order("sort=pret", [PRICE])).toEqual(["c", "a", "d", "b"]);
    expect(order("sort=-pret", [PRICE])).toEqual(["d", "a", "c", "b"]);
  });

  it("is ignored while the page does not offer it (prices hidden), and filters nothing", () => {
    expect(order("sort=pret", [])).toEqual(["a", "b", "c", "d"]);
    expect(order("pret=1&pret-min=5", [PRICE])).toEqual(["a", "b", "c", "d"]);
  });

  it("makes the sort a parameter of the page, and no specification may take its key", () => {
    expect([...filterParameterNames([PRICE])]).toEqual(["sort", "liber-de", "liber-pana"]);
    expect(isFreeFilterKey(PRICE_SORT_KEY, new Set())).toBe(false);
  });
});
