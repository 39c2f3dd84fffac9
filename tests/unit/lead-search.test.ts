import { describe, expect, it } from "vitest";
import { leadSearchText, leadSearchWords } from "../../common/leads/lead-search.ts";
import { foldForSearch } from "../../common/text/search-folding.ts";

describe("the leads inbox's search", () => {
  it("folds case, Romanian diacritics (comma and cedilla forms) and whitespace", () => {
    expect(foldForSearch("  ȘTEFĂNESCU  Țicu\tÎnvățătorul ")).toBe("stefanescu ticu invatatorul");
    expect(foldForSearch("Şerban Ţepeş")).toBe("serban tepes");
    expect(foldForSearch("Zoë Müller")).toBe("zoe muller");
  });

  it("stores the folded fields and the phone's digits alone", () => {
    expect(
      leadSearchText({
        last_name: "Ștefan",
        first_name: "Ana",
        email: "ana@x.ro",
        phone: "+40 (21) 123.45.67",
        city: "Brașov",
      }),
    ).toBe("stefan ana ana@x.ro +40 (21) 123.45.67 brasov 40211234567");
  });

  it("reads a query as words, and a phone number written with separators as its digits", () => {
    expect(leadSearchWords("Ion  Popescu")).toEqual(["ion", "popescu"]);
    expect(leadSearchWords("0722 123 456")).toEqual(["0722123456"]);
    expect(leadSearchWords("+40 (21) 123-45-67")).toEqual(["40211234567"]);
    expect(leadSearchWords("ion 0722")).toEqual(["ion", "0722"]);
    expect(leadSearchWords("   ")).toEqual([]);
  });
});
