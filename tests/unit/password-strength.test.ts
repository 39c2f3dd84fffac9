import { describe, expect, it } from "vitest";
import { passwordStrength, STRENGTH_THRESHOLDS } from "../../common/fields/password-strength.ts";

describe("password strength meter", () => {
  it("lights no bar for an empty password and one to five bars otherwise, at the thresholds 20, 40, 70, 90", () => {
    expect(STRENGTH_THRESHOLDS).toEqual([20, 40, 70, 90]);
    expect(passwordStrength("")).toEqual({ score: 0, bars: 0 });
    for (const password of ["a", "aaaaaaaa", "12345678", "Parola12", "Q7#mZ!p2vL9@", "Q7#mZ!p2vL9@xR4&"]) {
      const { score, bars } = passwordStrength(password);
      expect(score, password).toBeGreaterThanOrEqual(1);
      expect(score, password).toBeLessThanOrEqual(100);
      expect(bars, password).toBe(1 + STRENGTH_THRESHOLDS.filter((threshold) => score >= threshold).length);
    }
  });

  it("rewards variety of kinds of characters at the same length", () => {
    const scores = ["abcxyzqw", "abcxyzQW", "abcxy5QW", "abc$y5QW"].map((password) => passwordStrength(password).score);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(new Set(scores).size).toBe(scores.length);
  });

  it("penalises repeats and runs", () => {
    expect(passwordStrength("aaaaaaaaaaaa").score).toBeLessThan(passwordStrength("qmxrtzkvbwpa").score);
    expect(passwordStrength("abcdefgh1234").score).toBeLessThan(passwordStrength("hdaqfbgc3142").score);
    expect(passwordStrength("Aa1!Aa1!Aa1!").bars).toBeLessThanOrEqual(passwordStrength("Qz7!kT3#mW9$").bars);
  });

  it("keeps a short password on the first bar whatever it holds", () => {
    expect(passwordStrength("Q7#mZ!p").bars).toBe(1);
  });

  it("gives five bars to a long password of every kind of character, one or two to a common pattern", () => {
    expect(passwordStrength("Q7#mZ!p2vL9@xR4&").bars).toBe(5);
    expect(passwordStrength("12345678").bars).toBe(1);
    expect(passwordStrength("qwertyuiop").bars).toBeLessThanOrEqual(2);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(passwordStrength("ășțîâășțî")).toEqual(passwordStrength("ășțîâășțî"));
    expect(passwordStrength("🔑🔑🔑🔑🔑🔑🔑🔑").bars).toBe(1);
  });
});
