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
    "ion\uFF20gmail.com",
    "ion\uFE6Bgmail.com",
    "ion(at)gmail.com",
    "ion [at] gmail (dot) com",
    "ion (AT) gmail.com",
    "\uFF10\uFF17\uFF12\uFF12 \uFF11\uFF12\uFF13 \uFF14\uFF15\uFF16",
    "\u0660\u0667\u0662\u0662\u0661\u0662\u0663\u0664\u0665\u0666",
    "\u06F0\u06F7\u06F2\u06F2 \u06F1\u06F2\u06F3 \u06F4\u06F5\u06F6",
    "\u0966\u096D\u0968\u0968\u0967\u0968\u0969\u096A\u096B\u096C",
    "\u{1D7CE}\u{1D7D5}\u{1D7D0}\u{1D7D0}\u{1D7CF}\u{1D7D0}\u{1D7D1}\u{1D7D2}\u{1D7D3}\u{1D7D4}",
    "0722\u2013123\u2013456",
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
    "\uFF30\uFF23 \uFF12\uFF11\uFF10",
    "excavator (at) santier",
    "\u0661\u0662\u0660 kg",
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
