import { describe, expect, it } from "vitest";
import { holdsPersonalData } from "../../server/search/personal-data.ts";
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from "../../server/seed/demo-data.ts";

describe("holdsPersonalData", () => {
  it.each([
    "ion.popescu@example.ro",
    "excavator ion@gmail.",
    "0722123456",
    "0722 123 456",
    "0722-123-456",
    "+40 722 123 456",
    "+40 (21) 123.45.67",
    "123 4567",
    "cnp 1800101123456",
    "RO49AAAA1B31007593840000",
  ])("finds %j", (query) => {
    expect(holdsPersonalData(query)).toBe(true);
  });

  it.each([
    "macara",
    "nacela 20 m",
    "excavator 22 500 kg",
    "greutate 120 000 kg",
    "pc 210",
    "bw 120 ad-5",
    "1/2 zi",
    "3,5 t",
    "autor@",
  ])("leaves %j alone", (query) => {
    expect(holdsPersonalData(query)).toBe(false);
  });

  it("leaves every demo machine's model and category alone", () => {
    const names = [
      ...DEMO_PRODUCTS.map((product) => product.model),
      ...DEMO_CATEGORIES.flatMap((category) => [category.name, category.name_en]),
    ];
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) expect(holdsPersonalData(name), name).toBe(false);
  });
});
