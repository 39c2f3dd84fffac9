import { describe, expect, it } from "vitest";
import { schemaResolver } from "@mantine/form";
import { codesToMessages } from "../../app/admin/editing/forms.ts";
import { priceExamples, priceFieldsOf, priceFieldsSchema } from "../../app/admin/products/price-fields.ts";
import { errorMessage } from "../../common/errors/error-codes.ts";

/** The product form's "Preturi": what it reads from the typed amounts, its messages, its live example. */
const EMPTY = priceFieldsOf(undefined);
const errorsOf = (changes: Partial<typeof EMPTY>) =>
  codesToMessages(schemaResolver(priceFieldsSchema, { sync: true })({ ...EMPTY, ...changes }));

describe("the prices typed in the form", () => {
  it("reads lei with a comma or a point as the API's minor units", () => {
    expect(
      priceFieldsSchema.parse({ ...EMPTY, day: "450", week: "2.500,00", deposit: "1000,5", minimum_days: 2 }),
    ).toEqual({
      day: 45_000,
      week: 250_000,
      month: null,
      deposit: 100_050,
      operator_day: null,
      minimum_days: 2,
      on_request: false,
    });
  });

  it("shows each refusal's Romanian message under its field", () => {
    expect(errorsOf({ day: "-5" })).toEqual({ day: errorMessage("PRICE_AMOUNT_NEGATIVE") });
    expect(errorsOf({ day: "4,505" })).toEqual({ day: errorMessage("PRICE_AMOUNT_NOT_WHOLE") });
    expect(errorsOf({ day: "patru sute" })).toEqual({ day: errorMessage("INVALID_PRICE_AMOUNT") });
    expect(errorsOf({ day: "10000000,01" })).toEqual({ day: errorMessage("PRICE_AMOUNT_TOO_LARGE") });
    expect(errorsOf({ week: "2500" })).toEqual({ week: errorMessage("PRICE_RATE_WITHOUT_DAY_RATE") });
    expect(errorsOf({ day: "1", minimum_days: 400 })).toEqual({
      minimum_days: errorMessage("PRICE_MINIMUM_DAYS_OUT_OF_RANGE"),
    });
  });

  it("starts from the stored prices as they were typed", () => {
    const fields = priceFieldsOf({
      day: 45_000,
      week: null,
      month: 800_000,
      deposit: null,
      operator_day: 30_050,
      minimum_days: null,
      on_request: true,
    });
    expect(fields).toEqual({
      day: "450,00",
      week: "",
      month: "8000,00",
      deposit: "",
      operator_day: "300,50",
      minimum_days: "",
      on_request: true,
    });
  });
});

describe("the live example", () => {
  it("prices a day, a week and a month by the one rule, in the site's currency", () => {
    const fields = { ...EMPTY, day: "450", week: "2500", month: "8000", minimum_days: 2 };
    expect(priceExamples(fields, "RON")).toEqual([
      "1 zi: 900,00 lei + TVA (2 zile, minim 2 zile)",
      "7 zile: 2.500,00 lei + TVA (1 saptamana)",
      "30 zile: 8.000,00 lei + TVA (1 luna)",
    ]);
    expect(priceExamples({ ...EMPTY, day: "100" }, "EUR")[1]).toBe("7 zile: 700,00 euro + TVA (7 zile)");
  });

  it("shows nothing while there is no readable day rate", () => {
    expect(priceExamples(EMPTY, "RON")).toEqual([]);
    expect(priceExamples({ ...EMPTY, day: "abc" }, "RON")).toEqual([]);
  });
});
