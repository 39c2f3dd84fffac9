import { describe, expect, it } from "vitest";
import { describeFigure, versusBudget, type Figure } from "../../bench/lib/results.ts";

const figure = (value: number, budget: number, kind: Figure["kind"] = "at-most"): Figure => ({
  name: "errors",
  value,
  unit: "errors",
  budget,
  kind,
});

describe("a figure against its budget", () => {
  it("is a multiple of a budget other than 0", () => {
    expect(versusBudget({ ...figure(42, 100, "below"), unit: "ms" })).toBe("0.42 × budget");
    expect(versusBudget(figure(3, -2))).toBe("-1.5 × budget");
  });

  it("is the distance from a budget of 0, which nothing is a multiple of (not NaN or Infinity)", () => {
    expect(versusBudget(figure(0, 0))).toBe("at budget");
    expect(versusBudget(figure(3, 0))).toBe("3 errors above budget");
    expect(versusBudget(figure(-0.5, 0, "at-least"))).toBe("0.5 errors below budget");
  });

  it("is printed with the figure, its budget and its verdict", () => {
    expect(describeFigure(figure(0, 0))).toBe("errors: 0 errors (budget ≤ 0 errors; at budget) PASS");
    expect(describeFigure({ ...figure(2, 0), details: "2 of 500 requests" })).toBe(
      "errors: 2 errors (budget ≤ 0 errors; 2 errors above budget) FAIL\n  2 of 500 requests",
    );
  });
});
