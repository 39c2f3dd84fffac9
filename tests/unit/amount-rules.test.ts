import { describe, expect, it } from "vitest";
import { offerWriteSchema } from "../../common/offers/offer-schemas.ts";
import { NO_PRICES, productPricesSchema } from "../../common/pricing/machine-prices.ts";
import { PRICE_COLUMNS, readPriceCells } from "../../server/spreadsheets/price-columns.ts";

/*
 * The edges of amounts and offer texts an attacker's read found: a rate of 0 (shown as "0 lei" but
 * read as no rate by the pricing rule), 1e308 (too large, not a fraction), an e-mail of 20 000
 * characters, and names made of blank look-alikes only.
 */

const codesOf = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);

describe("a machine's prices", () => {
  it("refuse a rate of 0, and take a deposit of 0", () => {
    for (const rate of ["day", "week", "month", "operator_day"] as const)
      expect(codesOf(productPricesSchema.safeParse({ day: 10_000, [rate]: 0 }))).toEqual([[rate, "PRICE_RATE_ZERO"]]);
    expect(productPricesSchema.parse({ day: 10_000, deposit: 0 }).deposit).toBe(0);
  });

  it("call 1e308 too large, not a fraction", () => {
    expect(codesOf(productPricesSchema.safeParse({ day: 1e308 }))).toEqual([["day", "PRICE_AMOUNT_TOO_LARGE"]]);
    expect(codesOf(productPricesSchema.safeParse({ day: 1.5 }))).toEqual([["day", "PRICE_AMOUNT_NOT_WHOLE"]]);
  });

  it("read from a sheet: 1e308 too large, 0 refused as a rate", () => {
    const dayHeader = PRICE_COLUMNS.find((column) => column.key === "day")?.header ?? "";
    const read = (value: number) => readPriceCells(NO_PRICES, (header) => (header === dayHeader ? value : "absent"));
    expect(read(1e308).refusals).toEqual([{ header: dayHeader, code: "PRICE_AMOUNT_TOO_LARGE" }]);
    expect(read(0).refusals).toEqual([{ header: dayHeader, code: "PRICE_RATE_ZERO" }]);
    expect(read(450).prices.day).toBe(45_000);
  });
});

describe("an offer's fields", () => {
  const offer = (changes: object) => ({
    customer_name: "Ion Popescu",
    lang: "ro",
    lines: [{ kind: "free", description: "Transport", amount: 50_000 }],
    ...changes,
  });

  it("accept a well-formed offer", () => {
    expect(offerWriteSchema.safeParse(offer({})).success).toBe(true);
  });

  it("call an amount of 1e308 too large", () => {
    expect(
      codesOf(
        offerWriteSchema.safeParse(offer({ lines: [{ kind: "free", description: "Transport", amount: 1e308 }] })),
      ),
    ).toEqual([["lines.0.amount", "PRICE_AMOUNT_TOO_LARGE"]]);
  });

  it("refuse an e-mail longer than any mailbox's", () => {
    expect(codesOf(offerWriteSchema.safeParse(offer({ customer_email: `${"a".repeat(20_000)}@example.ro` })))).toEqual([
      ["customer_email", "INVALID_OFFER_CUSTOMER_EMAIL"],
    ]);
  });

  it("refuse a name or a line made of blank look-alikes only", () => {
    for (const blank of ["\u3164", "\u2800\u2800"])
      expect(codesOf(offerWriteSchema.safeParse(offer({ customer_name: blank })))).toEqual([
        ["customer_name", "INVALID_OFFER_CUSTOMER_NAME"],
      ]);
    expect(codesOf(offerWriteSchema.safeParse(offer({ customer_company: "\u3164" })))).toEqual([
      ["customer_company", "INVALID_OFFER_CUSTOMER_COMPANY"],
    ]);
    expect(offerWriteSchema.parse(offer({ customer_company: "" })).customer_company).toBe("");
  });
});
