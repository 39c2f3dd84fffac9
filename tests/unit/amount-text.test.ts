import { describe, expect, it } from "vitest";
import { amountInput, minorUnitsOf, moneyText } from "../../common/pricing/amount-text.ts";
import { MAX_AMOUNT } from "../../common/pricing/money.ts";

/** The one conversion between an amount a person types and whole minor units (decision 089). */
describe("minorUnitsOf", () => {
  it.each([
    ["450", 45_000],
    ["450,5", 45_050],
    ["450.50", 45_050],
    ["0,29", 29],
    ["0.07", 7],
    ["1 250,75", 125_075],
    ["1.250,75", 125_075],
    ["1.250", 125_000],
    ["  2500 ", 250_000],
    ["10000000", MAX_AMOUNT],
  ])("reads %j as %i minor units, with no float in between", (text, minor) => {
    expect(minorUnitsOf(text)).toBe(minor);
  });

  it("reads nothing typed as none", () => {
    expect(minorUnitsOf("")).toBeNull();
    expect(minorUnitsOf("   ")).toBeNull();
  });

  it.each(["-5", "4,505", "12a", "1,2,3", "1 25,00", "lei", ",5", "5,", "0.500", "0 250,00"])("refuses %j", (text) => {
    expect(minorUnitsOf(text)).toBeUndefined();
  });

  it("gives back what amountInput wrote, for every cent of a few lei", () => {
    for (let minor = 0; minor <= 1_000; minor += 1) expect(minorUnitsOf(amountInput(minor))).toBe(minor);
    expect(minorUnitsOf(amountInput(MAX_AMOUNT))).toBe(MAX_AMOUNT);
  });
});

describe("amountInput and moneyText", () => {
  it("writes a stored amount for the form, and none as empty", () => {
    expect(amountInput(125_075)).toBe("1250,75");
    expect(amountInput(5)).toBe("0,05");
    expect(amountInput(null)).toBe("");
  });

  it("writes an amount in the page's language and the site's currency", () => {
    expect(moneyText(250_000, "RON", "ro")).toBe("2.500,00 lei");
    expect(moneyText(250_000, "EUR", "en")).toBe("2,500.00 euros");
    expect(moneyText(45_050, "EUR", "ro")).toBe("450,50 euro");
  });
});
