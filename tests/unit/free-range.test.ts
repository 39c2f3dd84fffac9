import { describe, expect, it } from "vitest";
import { filterParameterNames, isFiltered, isFreeFilterKey } from "../../common/specifications/filter-address.ts";
import { parseFreeRange, readFreeRange } from "../../common/bookings/free-range.ts";

const TODAY = "2026-11-28";
const parse = (query: string) => ({ free: parseFreeRange(new URLSearchParams(query), TODAY) });

/** The category page's "free between" range, read from its address and its form's two days. */
describe("the free range", () => {
  it("is read from language-neutral parameters, one day alone when only one is given", () => {
    expect(parse("liber-de=2026-12-07&liber-pana=2026-12-11").free).toEqual({
      first: "2026-12-07",
      last: "2026-12-11",
    });
    expect(parse("liber-de=2026-12-07").free).toEqual({ first: "2026-12-07", last: "2026-12-07" });
    expect(parse("liber-pana=2026-12-07&liber-de=").free).toEqual({ first: "2026-12-07", last: "2026-12-07" });
    expect(parse("liber-de=2026-11-28&liber-pana=2027-11-28").free).toEqual({
      first: "2026-11-28",
      last: "2027-11-28",
    });
    expect(isFiltered({ ranges: {}, choices: {}, yesNo: {}, sort: null, ...parse("liber-de=2026-12-07") })).toBe(true);
  });

  it("is ignored, and its problem named, when it is not a range of days from today, at most 366 of them", () => {
    const cases: [string, string, string | null][] = [
      ["2026-12-11", "2026-12-07", "last-before-first"],
      ["2026-11-27", "2026-12-07", "in-the-past"],
      ["2026-11-28", "2027-11-29", "too-long"],
      ["2026-02-30", "", "not-a-day"],
      ["07.12.2026", "", "not-a-day"],
      ["2026-12-07", "<script>", "not-a-day"],
      ["3026-12-07", "", "not-a-day"],
      ["", "", null],
    ];
    for (const [from, until, problem] of cases) {
      expect(readFreeRange(from, until, TODAY), `${from}..${until}`).toEqual({ range: null, problem });
      expect(parse(`liber-de=${encodeURIComponent(from)}&liber-pana=${encodeURIComponent(until)}`).free).toBeNull();
    }
  });

  it("has parameters no specification key can take, and that make a filtered page", () => {
    expect(isFreeFilterKey("liber-de", new Set())).toBe(false);
    expect(isFreeFilterKey("liber-pana", new Set())).toBe(false);
    expect(filterParameterNames([])).toEqual(new Set(["liber-de", "liber-pana"]));
  });
});
